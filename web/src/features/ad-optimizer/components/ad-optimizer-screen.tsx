import { ExternalLink, Sparkles, Trash2, Wand2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdCard, AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { AdAccountToolbar, MetaAccountGate } from '@web/components/meta-account/meta-account-gate';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatMoney, formatNumber, formatPercent } from '@web/lib/format';
import { cn } from '@web/lib/cn';
import { withinUndoWindow } from '@web/lib/undo-window';
import { useAdCards, useAdTestActions } from '../api/ad-optimizer-api';
import {
  FILTERS,
  matchesFilter,
  RANKING_NAMES,
  rankingTone,
  rankingWords,
  safeImageUrl,
  type AdFilter,
} from '../lib/ad-words';
import { FatigueCurve } from './fatigue-curve';
import { RewriteDrawer } from './rewrite-drawer';

/** /ad-optimizer: the account's ads as cards, and the rewrite-and-test flow for a tired one. */
export function AdOptimizerScreen() {
  return (
    <MetaAccountGate
      icon={Sparkles}
      title="Connect Meta to see your ads"
      description="The ad optimizer reads your ads and their results, shows which ones your audience has tired of, writes new copy for them and sets up an A/B test: a paused copy of the ad, created only when you approve it."
    >
      <AdsWorkspace />
    </MetaAccountGate>
  );
}

function AdsWorkspace() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const { adAccounts, selectedAdAccount, selectAdAccount } = useMetaConnection();
  const accountId = selectedAdAccount?.id;
  const list = useAdCards(uid, accountId);
  const actions = useAdTestActions(uid, accountId);
  // Arriving from an optimizer recommendation (?ad=<id>): every ad is listed, and that one is brought into view.
  const [searchParams] = useSearchParams();
  const focusAdId = searchParams.get('ad');
  const [filter, setFilter] = useState<AdFilter>(() => (focusAdId ? 'all' : 'fatigued'));
  const [rewriting, setRewriting] = useState<string | null>(null);
  const ads = useMemo(() => list.data?.ads ?? [], [list.data]);
  const shown = ads.filter((ad) => matchesFilter(ad, filter));
  const ad = ads.find((a) => a.id === rewriting) ?? null;

  const focusLoaded = Boolean(focusAdId && ads.some((a) => a.id === focusAdId));
  useEffect(() => {
    if (focusLoaded) document.getElementById(`ad-${focusAdId}`)?.scrollIntoView?.({ block: 'center' });
  }, [focusLoaded, focusAdId]);

  const showCopy = (copyAdId: string) => {
    setRewriting(null);
    setFilter('all');
    // After the list shows every ad, bring the copy's card into view.
    window.setTimeout(() => document.getElementById(`ad-${copyAdId}`)?.scrollIntoView({ block: 'center' }), 50);
  };

  return (
    <>
      <AdAccountToolbar
        accounts={adAccounts}
        value={accountId}
        onChange={selectAdAccount}
        fetching={list.isFetching}
        onRefetch={() => void list.refetch()}
        idleLabel="Read again"
        busyLabel="Reading ads…"
      />
      {list.isError ? (
        <QueryErrorAlert title="Your ads could not be read" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Reading your ads">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Reading" /> Reading your ads, their creatives and eight weeks of results from Meta…
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-72 w-full" />
            ))}
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter ads">
            <div className="grid gap-1.5">
              <Label htmlFor="ad-filter">Show</Label>
              <NativeSelect
                id="ad-filter"
                className="w-48"
                value={filter}
                onChange={(e) => setFilter(e.target.value as AdFilter)}
              >
                {(Object.keys(FILTERS) as AdFilter[]).map((key) => (
                  <option key={key} value={key}>
                    {FILTERS[key]} ({ads.filter((a) => matchesFilter(a, key)).length})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
              {shown.length} of {ads.length} ads · last 7 days, {list.data.currency}
            </p>
          </div>
          {list.data.partial ? (
            <p role="status" className="text-sm text-amber-800">
              Partial data: Meta had more rows than could be read in time, or the account has more ads than one page
              shows; the ads shown are the flagged ones and the biggest spenders.
            </p>
          ) : null}
          {shown.length === 0 ? (
            <Card className="border-dashed">
              <CardHeader className="items-center text-center">
                <CardTitle>
                  {ads.length === 0
                    ? 'No ads in this account yet'
                    : filter === 'all'
                      ? 'No ads'
                      : `No ${FILTERS[filter].toLowerCase()} ads right now`}
                </CardTitle>
                <CardDescription>
                  {ads.length === 0
                    ? 'Create a campaign with ads, and they will show here with their results.'
                    : 'Every ad is within the thresholds the optimizer checks. Choose “All ads” to see them all.'}
                </CardDescription>
              </CardHeader>
            </Card>
          ) : (
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Ads">
              {shown.map((card) => (
                <AdCardView
                  key={card.id}
                  ad={card}
                  list={list.data}
                  focused={card.id === focusAdId}
                  onRewrite={() => setRewriting(card.id)}
                  onShowCopy={showCopy}
                  onDeleteCopy={(testId) => actions.undo.mutate(testId)}
                  deletingTestId={actions.undo.isPending ? actions.undo.variables : undefined}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <RewriteDrawer
        ad={ad}
        tests={list.data?.tests ?? []}
        now={list.data ? Date.parse(list.data.generatedAt) : 0}
        actions={actions}
        onClose={() => setRewriting(null)}
        onShowCopy={showCopy}
      />
    </>
  );
}

function latestTestOf(ad: AdCard, tests: readonly AdTest[]): AdTest | undefined {
  return tests.find((t) => t.adId === ad.id && t.status === 'created');
}

const TONE_CLASSES = {
  good: 'bg-success/15 text-success',
  average: 'bg-secondary text-secondary-foreground',
  low: 'bg-destructive/10 text-destructive',
  unknown: 'border text-muted-foreground',
} as const;

function AdCardView({
  ad,
  list,
  onRewrite,
  onShowCopy,
  onDeleteCopy,
  deletingTestId,
  focused,
}: {
  ad: AdCard;
  list: AdCardList;
  /** The ad an optimizer recommendation linked to. */
  focused: boolean;
  onRewrite: () => void;
  onShowCopy: (copyAdId: string) => void;
  onDeleteCopy: (testId: string) => void;
  deletingTestId: string | undefined;
}) {
  const image = safeImageUrl(ad.creative?.thumbnailUrl ?? ad.creative?.imageUrl);
  const test = latestTestOf(ad, list.tests);
  const copyOf = list.tests.find((t) => t.copyAdId === ad.id && t.status === 'created');
  const deleting = test !== undefined && deletingTestId === test.id;
  const m = ad.metrics;
  const metrics: Array<[string, string]> = [
    ['CTR (link)', formatPercent(m.ctrLink)],
    ['Frequency', formatNumber(m.frequency, 2)],
    ['Cost per result', formatMoney(m.costPerResult, list.currency)],
    ['Spend', formatMoney(m.spend, list.currency)],
  ];
  return (
    <li id={`ad-${ad.id}`} className="min-w-0">
      <Card
        className={cn('h-full min-w-0', copyOf ? 'ring-2 ring-primary/40' : '', focused ? 'ring-2 ring-primary' : '')}
        aria-current={focused ? 'true' : undefined}
        aria-label={`Ad ${ad.name}`}
        role="group"
      >
        <CardHeader className="gap-3">
          <div className="flex min-w-0 gap-3">
            {image ? (
              <img
                src={image}
                alt={`Creative of ${ad.name}`}
                className="size-20 shrink-0 rounded-md border bg-muted object-contain"
                loading="lazy"
              />
            ) : (
              <div
                className="grid size-20 shrink-0 place-items-center rounded-md border bg-muted text-xs text-muted-foreground"
                aria-label="No image"
              >
                No image
              </div>
            )}
            <div className="grid min-w-0 gap-1">
              <CardTitle className="text-base break-words">{ad.name}</CardTitle>
              <CardDescription className="break-words">
                {ad.adsetName ? `Ad set: ${ad.adsetName}` : `Ad set ${ad.adsetId}`}
              </CardDescription>
              <div className="flex flex-wrap gap-1.5">
                <Badge variant={ad.status === 'ACTIVE' ? 'success' : 'outline'}>
                  {ad.status === 'ACTIVE' ? 'Active' : ad.status === 'PAUSED' ? 'Paused' : ad.status.toLowerCase()}
                </Badge>
                {ad.verdicts.map((v) => (
                  <Badge key={v.kind} className="bg-amber-100 text-amber-900">
                    {v.kind === 'creative_fatigue' ? 'Creative fatigue' : 'Low ranking'}
                  </Badge>
                ))}
                {copyOf ? <Badge variant="outline">A/B copy of {copyOf.adName}</Badge> : null}
              </div>
            </div>
          </div>
          {ad.creative ? (
            <blockquote className="rounded-md bg-muted/50 p-2 text-sm break-words">
              <p className="font-medium">{ad.creative.headline || '—'}</p>
              <p className="text-muted-foreground">{ad.creative.primaryText}</p>
            </blockquote>
          ) : null}
        </CardHeader>
        <CardContent className="grid min-w-0 grid-cols-1 gap-3">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Last 7 days of ${ad.name}`}>
            {metrics.map(([label, value]) => (
              <div key={label} className="rounded-md border p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {ad.rankings ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={`Meta's rankings of ${ad.name}`}>
              {(Object.keys(RANKING_NAMES) as Array<keyof typeof RANKING_NAMES>).map((key) => {
                const value = ad.rankings?.[key];
                if (!value) return null;
                return (
                  <li key={key} className={cn('rounded-full px-2.5 py-0.5 text-xs', TONE_CLASSES[rankingTone(value)])}>
                    {RANKING_NAMES[key]}: {rankingWords(value)}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {ad.verdicts.map((v) => (
            <p key={v.kind} className="text-sm">
              <span className="font-medium">{v.title}.</span> {v.why}
            </p>
          ))}
          <FatigueCurve ad={ad} />
          <div className="flex flex-wrap items-center gap-2">
            {ad.creative?.rewritable && ad.status !== 'DELETED' ? (
              <Button
                onClick={onRewrite}
                variant={ad.verdicts.length > 0 ? 'default' : 'outline'}
                aria-label={`Rewrite and test: ${ad.name}`}
              >
                <Wand2 aria-hidden="true" /> Rewrite and test
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">Only single-image link ads can be rewritten here.</p>
            )}
            {test?.copyAdId ? (
              <Button variant="outline" onClick={() => onShowCopy(test.copyAdId!)}>
                See the A/B copy
              </Button>
            ) : null}
            {test?.copyAdId && withinUndoWindow(test, Date.parse(list.generatedAt)) ? (
              <Button
                variant="outline"
                onClick={() => onDeleteCopy(test.id)}
                disabled={deleting}
                aria-label={`Delete the A/B copy of ${ad.name}`}
              >
                <Trash2 aria-hidden="true" /> {deleting ? 'Deleting…' : 'Delete the A/B copy'}
              </Button>
            ) : test?.copyAdId ? (
              <p className="text-sm text-muted-foreground">
                Its A/B copy is over 24 hours old: pause or delete it in Ads Manager.
              </p>
            ) : null}
            <a
              className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
              href={`https://adsmanager.facebook.com/adsmanager/manage/ads?act=${list.adAccountId.replace(/^act_/, '')}&selected_ad_ids=${ad.id}`}
              target="_blank"
              rel="noreferrer"
            >
              Ads Manager <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens {ad.name} in a new tab)</span>
            </a>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
