import { ChevronDown, Gauge, RefreshCw, Undo2, Wand2 } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { budgetToMajor } from '@shared/currency-units';
import type { ProposedChange, RecommendationKind, StoredRecommendation } from '@shared/schemas/optimizer';
import { webPaths } from '@shared/web-paths';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Modal } from '@web/components/ui/modal';
import { NativeSelect } from '@web/components/ui/select-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth/use-auth';
import { cn } from '@web/lib/cn';
import { formatBudget, formatMoney, formatNumber } from '@web/lib/format';
import { useMediaQuery } from '@web/lib/use-media-query';
import { withinUndoWindow } from '@web/lib/undo-window';
import {
  useRecommendationActions,
  useRecommendations,
  type RecommendationList,
} from '@web/features/optimizer/api/optimizer';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { resultTypeLabel } from '@web/lib/meta-account/campaign-labels';
import { parseBudgetInput } from '@web/lib/budget-input';
import { AdAccountToolbar, MetaAccountGate } from '@web/components/meta-account/meta-account-gate';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';

export const KIND_LABELS: Record<RecommendationKind, string> = {
  budget_shift: 'Budget shift',
  budget_limited_winner: 'Budget-limited winner',
  overspending_loser: 'Overspending loser',
  learning_limited: 'Learning limited',
  creative_fatigue: 'Creative fatigue',
  underdelivery: 'Underdelivery',
  cpm_spike: 'CPM spike',
  ab_loser: 'A/B loser',
  low_ranking: 'Low ranking',
  mmm_allocation: 'Marketing mix budget',
};

const LEVEL_LABELS = { campaign: 'Campaign', adset: 'Ad set', ad: 'Ad' } as const;

/**
 * On a phone, the recommendations shown at first and added by each "Show more": the list is ranked by what
 * each is worth a week, so the first ones matter most, and the demo account's 30 cards made the page
 * 14,600 px tall at 360 px. Wider screens list them all (shorter cards, and a page to scan).
 */
export const RECOMMENDATIONS_PAGE = 10;

/** Tailwind's `sm`: from here on the evidence shows open; below it, behind its disclosure. */
const WIDE_SCREEN = '(min-width: 640px)';

/** A tired or low-ranking ad needs new copy: the ad optimizer writes it and sets up the A/B test. */
const rewritesInAdOptimizer = (rec: StoredRecommendation) =>
  rec.level === 'ad' && (rec.kind === 'creative_fatigue' || rec.kind === 'low_ranking');

/** Every change it proposed is made by a higher-ranked recommendation: it is advice, with no effect of its own. */
const adviceOnly = (rec: StoredRecommendation) => Boolean(rec.alreadyChanged?.length) && rec.changes.length === 0;

const FIELD_WORDS = { budget: 'budget', status: 'status', creative: 'creative', name: 'name' } as const;

/** "Its budget is already changed by: <title>", or naming the object when it is another of its objects. */
export function alreadyChangedLine(
  rec: Pick<StoredRecommendation, 'objectId'>,
  taken: NonNullable<StoredRecommendation['alreadyChanged']>[number],
): string {
  const subject =
    taken.objectId === rec.objectId
      ? `Its ${FIELD_WORDS[taken.field]}`
      : `The ${FIELD_WORDS[taken.field]} of “${taken.objectName}”`;
  return `${subject} is already changed by: ${taken.byTitle}`;
}

function effectText(rec: StoredRecommendation): string {
  if (adviceOnly(rec)) return 'none from this one: its change is made by the recommendation named above';
  const { metric, low, expected, high } = rec.expectedEffect;
  const money = (v: number) => formatMoney(v, rec.currency);
  switch (metric) {
    case 'results_per_week':
      return `${formatNumber(expected, 1)} more results a week (${formatNumber(low, 1)} to ${formatNumber(high, 1)})`;
    case 'link_clicks_per_week':
      return `${formatNumber(expected)} more link clicks a week (${formatNumber(low)} to ${formatNumber(high)})`;
    case 'spend_per_week':
      return `${money(expected)} a week (${money(low)} to ${money(high)})`;
    case 'ctr_percent':
      return `CTR up ${expected.toFixed(2)} points (${low.toFixed(2)} to ${high.toFixed(2)})`;
    case 'revenue_per_week':
      return `${money(expected)} more revenue a week (${money(low)} to ${money(high)})`;
  }
}

/** /optimizer: recommendations for the chosen ad account, each applied only after the marketer approves its diff. */
export function OptimizerRecommendations() {
  return (
    <MetaAccountGate
      icon={Gauge}
      title="Connect Meta to get recommendations"
      description="The optimizer reads your campaigns, ad sets and ads, finds what to change, and shows you exactly what each change would do before anything reaches Meta."
    >
      <RecommendationsWorkspace />
    </MetaAccountGate>
  );
}

function RecommendationsWorkspace() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const { adAccounts, selectedAdAccount, selectAdAccount } = useMetaConnection();
  const accountId = selectedAdAccount?.id;
  const list = useRecommendations(uid, accountId);
  const { approve, undo } = useRecommendationActions(uid, accountId);
  const [kind, setKind] = useState<'all' | RecommendationKind>('all');
  const [show, setShow] = useState<'open' | 'done' | 'all'>('open');
  const [reviewId, setReviewId] = useState<string | null>(null);
  const [limit, setLimit] = useState(RECOMMENDATIONS_PAGE);
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const all = useMemo(() => list.data?.data ?? [], [list.data]);
  const kinds = useMemo(() => [...new Set(all.map((r) => r.kind))], [all]);
  const shown = all.filter(
    (r) =>
      (kind === 'all' || r.kind === kind) &&
      (show === 'all' || (show === 'open' ? r.status === 'proposed' : r.status !== 'proposed')),
  );
  const reviewing = all.find((r) => r.id === reviewId) ?? null;
  const visible = wide ? shown : shown.slice(0, limit);

  return (
    <>
      <AdAccountToolbar
        accounts={adAccounts}
        value={accountId}
        onChange={selectAdAccount}
        fetching={list.isFetching}
        onRefetch={() => void list.refetch()}
        idleLabel="Analyse again"
        busyLabel="Analysing…"
      />
      {list.isError ? (
        <QueryErrorAlert
          title="Recommendations could not be computed"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Analysing the ad account">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Analysing" /> Reading campaigns, ad sets, ads and their results from Meta…
          </p>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : (
        <>
          <HealthSummary list={list.data} />
          <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter recommendations">
            <div className="grid gap-1.5">
              <Label htmlFor="rec-kind">Kind</Label>
              <NativeSelect
                id="rec-kind"
                className="w-56"
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as typeof kind);
                  setLimit(RECOMMENDATIONS_PAGE);
                }}
              >
                <option value="all">All kinds</option>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="rec-show">Show</Label>
              <NativeSelect
                id="rec-show"
                className="w-44"
                value={show}
                onChange={(e) => {
                  setShow(e.target.value as typeof show);
                  setLimit(RECOMMENDATIONS_PAGE);
                }}
              >
                <option value="open">Open</option>
                <option value="done">Applied or undone</option>
                <option value="all">All</option>
              </NativeSelect>
            </div>
            <p className="ml-auto text-sm text-muted-foreground" aria-live="polite">
              {shown.length} of {all.length} recommendations · ranked by what they are worth a week
            </p>
          </div>
          {shown.length === 0 ? (
            <Card className="border-dashed">
              <CardHeader className="items-center text-center">
                <CardTitle>{all.length === 0 ? 'Nothing to change right now' : 'No recommendation matches'}</CardTitle>
                <CardDescription>
                  {all.length === 0
                    ? 'Every campaign, ad set and ad is within the thresholds the optimizer checks.'
                    : 'Choose other filters.'}
                </CardDescription>
              </CardHeader>
            </Card>
          ) : (
            <>
              <ol className="grid gap-3" aria-label="Recommendations">
                {visible.map((rec) => (
                  <RecommendationCard
                    key={rec.id}
                    rec={rec}
                    now={Date.parse(list.data.generatedAt)}
                    onReview={() => {
                      approve.reset();
                      setReviewId(rec.id);
                    }}
                    onUndo={() => undo.mutate(rec.id)}
                    undoing={undo.isPending && undo.variables === rec.id}
                  />
                ))}
              </ol>
              {shown.length > visible.length ? (
                <div className="flex flex-wrap items-center justify-center gap-3">
                  <p className="text-sm text-muted-foreground">
                    Showing {visible.length} of {shown.length}, highest value first
                  </p>
                  <Button variant="outline" onClick={() => setLimit((n) => n + RECOMMENDATIONS_PAGE)}>
                    Show {Math.min(RECOMMENDATIONS_PAGE, shown.length - visible.length)} more
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </>
      )}
      <ApproveDrawer
        rec={reviewing}
        pending={approve.isPending}
        error={approve.error}
        refreshing={list.isFetching}
        onRefresh={() => {
          // Recomputed from Meta's values now: the drawer closes on the fresh list.
          approve.reset();
          setReviewId(null);
          void list.refetch();
        }}
        onClose={() => setReviewId(null)}
        onApprove={(body) =>
          reviewing && approve.mutate({ id: reviewing.id, body }, { onSuccess: () => setReviewId(null) })
        }
      />
    </>
  );
}

interface HealthTile {
  label: string;
  value: string;
  /** Below the figure: the parts it is made of. */
  detail?: ReactNode;
  wide?: boolean;
}

/**
 * The last 7 days' results as the dashboard treats them: one kind, named ("App installs"); several kinds are
 * never added up (installs plus purchases is no number anyone can use), each is listed with its own count.
 */
function resultsTile(health: RecommendationList['health']): HealthTile {
  const kinds = health.resultsByType;
  if (kinds.length <= 1) {
    const label = kinds[0] ? resultTypeLabel(kinds[0].resultType) : 'Results';
    return { label: `${label}, last 7 days`, value: formatNumber(health.resultsLast7Days ?? kinds[0]?.results ?? 0) };
  }
  return {
    label: 'Results, last 7 days',
    value: `${kinds.length} kinds`,
    wide: true,
    detail: (
      <ul aria-label="Results by kind, last 7 days" className="mt-1 grid gap-0.5 text-xs">
        {kinds.map((kind) => (
          <li key={kind.resultType} className="flex justify-between gap-2">
            <span className="text-muted-foreground">{resultTypeLabel(kind.resultType)}</span>
            <span className="font-medium tabular-nums">{formatNumber(kind.results)}</span>
          </li>
        ))}
      </ul>
    ),
  };
}

function HealthSummary({ list }: { list: RecommendationList }) {
  const { health, currency } = list;
  const tiles: HealthTile[] = [
    { label: 'Active campaigns', value: formatNumber(health.activeCampaigns) },
    { label: 'Active ad sets', value: formatNumber(health.activeAdSets) },
    { label: 'Active ads', value: formatNumber(health.activeAds) },
    { label: 'Spend, last 7 days', value: formatMoney(health.spendLast7Days, currency) },
    resultsTile(health),
    { label: 'Learning limited ad sets', value: formatNumber(health.learningLimitedAdSets) },
    { label: 'Open opportunity a week', value: formatMoney(health.opportunityPerWeek, currency) },
  ];
  return (
    <section
      aria-label="Account health"
      // Eight columns when the results tile is two wide: every tile in one row on a wide screen.
      className={cn(
        'grid grid-cols-2 gap-3 sm:grid-cols-4',
        tiles.some((t) => t.wide) ? 'lg:grid-cols-8' : 'lg:grid-cols-7',
      )}
    >
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className={cn('rounded-lg border bg-card p-3 shadow-sm', tile.wide ? 'col-span-2' : undefined)}
        >
          <p className="text-xs text-muted-foreground">{tile.label}</p>
          <p className="text-lg font-semibold tabular-nums">{tile.value}</p>
          {tile.detail}
        </div>
      ))}
      {list.partial ? (
        <p role="status" className="col-span-full text-sm text-amber-800">
          Partial data: Meta had more rows than could be read in time; some objects were judged on part of their data.
        </p>
      ) : null}
    </section>
  );
}

function RecommendationCard({
  rec,
  onReview,
  onUndo,
  undoing,
  now,
}: {
  rec: StoredRecommendation;
  now: number;
  onReview: () => void;
  onUndo: () => void;
  undoing: boolean;
}) {
  // Judged at the server's time of the list; the server checks the 24 hours again on undo.
  const canUndo = rec.status === 'applied' && rec.undoUntil !== undefined && withinUndoWindow(rec, now);
  // The evidence is open on wide screens; on a phone each card shows what, its effect and its action, and the
  // numbers behind it one tap (or Enter) away, so the list stays a list. Any choice the marketer makes stays.
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const [opened, setOpened] = useState<boolean | null>(null);
  const expanded = opened ?? wide;
  const evidenceId = useId();
  return (
    <li>
      <Card>
        <CardHeader className="gap-1.5 p-4 sm:gap-2 sm:p-6">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge>{KIND_LABELS[rec.kind]}</Badge>
            <Badge variant="outline">{LEVEL_LABELS[rec.level]}</Badge>
            <Badge variant="outline" aria-label={`Confidence ${Math.round(rec.confidence * 100)}%`}>
              {Math.round(rec.confidence * 100)}% confident
            </Badge>
            {rec.status !== 'proposed' ? <Badge variant="success">{rec.status}</Badge> : null}
          </div>
          <CardTitle className="text-base">{rec.title}</CardTitle>
          {/* Shown even with the numbers folded away: it says why the card has no change of its own. */}
          {rec.alreadyChanged?.map((taken) => (
            <p key={taken.objectId} className="text-sm font-medium text-amber-800">
              {alreadyChangedLine(rec, taken)}
            </p>
          ))}
          <p className="text-sm">
            <span className="font-medium">Expected effect:</span> {effectText(rec)}
          </p>
          <div id={evidenceId} hidden={!expanded} className="grid gap-1">
            <CardDescription>{rec.explanation ?? rec.why}</CardDescription>
            {rec.explanationSource ? (
              <p className="text-muted-foreground text-xs">
                {rec.explanationSource === 'ai'
                  ? 'Written by the AI engine; every number checked against the evidence.'
                  : 'The detector’s own words.'}
              </p>
            ) : null}
          </div>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-2 p-4 pt-0 sm:gap-3 sm:p-6 sm:pt-0">
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2"
            aria-expanded={expanded}
            aria-controls={evidenceId}
            // The visible words first (what a voice user says), then which card: every card has one.
            aria-label={`${expanded ? 'Hide the numbers' : 'Why: the numbers'}: ${rec.title}`}
            onClick={() => setOpened(!expanded)}
          >
            <ChevronDown aria-hidden="true" className={expanded ? 'rotate-180' : undefined} />
            {/* One word on a phone, so the disclosure and the card's action share a row. */}
            <span className="sm:hidden">{expanded ? 'Hide' : 'Why'}</span>
            <span className="hidden sm:inline">{expanded ? 'Hide the numbers' : 'Why: the numbers'}</span>
          </Button>
          {rec.status === 'proposed' && rec.changes.length > 0 ? (
            <Button onClick={onReview} aria-label={`Review changes: ${rec.title}`}>
              Review changes
            </Button>
          ) : rec.status === 'proposed' && rewritesInAdOptimizer(rec) ? (
            <Link
              to={`${webPaths.adOptimizer}?ad=${encodeURIComponent(rec.objectId)}`}
              className={buttonVariants({ variant: 'outline' })}
              aria-label={`Rewrite and test in the ad optimizer: ${rec.objectName}`}
            >
              {/* The full words overflow a 360 px card; the aria-label keeps them for every width. */}
              <Wand2 aria-hidden="true" /> Rewrite and test
              <span className="hidden sm:inline"> in the ad optimizer</span>
            </Link>
          ) : rec.status === 'proposed' && adviceOnly(rec) ? (
            <p className="text-sm text-muted-foreground">Advice only: approve the other recommendation instead.</p>
          ) : rec.status === 'proposed' ? (
            <p className="text-sm text-muted-foreground">
              Needs you in Ads Manager or the ad optimizer: no automatic change.
            </p>
          ) : canUndo ? (
            <Button variant="outline" onClick={onUndo} disabled={undoing} aria-label={`Undo: ${rec.title}`}>
              <Undo2 aria-hidden="true" /> {undoing ? 'Undoing…' : 'Undo'}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

function describeChange(
  change: ProposedChange['change'] | StoredRecommendation['changes'][0]['before'],
  currency: string,
) {
  const parts: string[] = [];
  if (change.status)
    parts.push(change.status === 'PAUSED' ? 'Paused' : change.status === 'ACTIVE' ? 'Active' : change.status);
  if (change.dailyBudget) parts.push(`${formatBudget(change.dailyBudget, currency)} a day`);
  if (change.lifetimeBudget) parts.push(`${formatBudget(change.lifetimeBudget, currency)} lifetime`);
  return parts.join(', ') || '—';
}

interface DraftItem {
  include: boolean;
  budgetText: string;
}

/** The diff-and-approve drawer: before → after per object; items can be deselected and budgets edited. */
interface StaleProps {
  /** The approval's error: a STALE_BEFORE one is shown inline, per object. */
  error: Error | null;
  refreshing: boolean;
  onRefresh: () => void;
}

function ApproveDrawer({
  rec,
  pending,
  onClose,
  onApprove,
  ...stale
}: StaleProps & {
  rec: StoredRecommendation | null;
  pending: boolean;
  onClose: () => void;
  onApprove: (body: {
    changes: Array<{ level: ProposedChange['level']; objectId: string; change: ProposedChange['change'] }>;
  }) => void;
}) {
  return (
    <Modal
      open={rec !== null}
      onClose={onClose}
      variant="drawer"
      title="Review and approve"
      description="Nothing changes at Meta until you approve. You can deselect items or edit the budgets."
    >
      {rec ? (
        <ApproveForm key={rec.id} rec={rec} pending={pending} onClose={onClose} onApprove={onApprove} {...stale} />
      ) : null}
    </Modal>
  );
}

/** The per-object messages of a STALE_BEFORE refusal (keyed by object id), or null for any other outcome. */
function staleDetails(error: Error | null): Record<string, string> | null {
  return error instanceof ApiError && error.code === 'STALE_BEFORE' ? (error.details ?? {}) : null;
}

function ApproveForm({
  rec,
  pending,
  onClose,
  onApprove,
  error,
  refreshing,
  onRefresh,
}: StaleProps & {
  rec: StoredRecommendation;
  pending: boolean;
  onClose: () => void;
  onApprove: (body: {
    changes: Array<{ level: ProposedChange['level']; objectId: string; change: ProposedChange['change'] }>;
  }) => void;
}) {
  const baseId = useId();
  const [items, setItems] = useState<DraftItem[]>(() =>
    rec.changes.map((c) => ({
      include: true,
      budgetText: c.change.dailyBudget ? String(budgetToMajor(c.change.dailyBudget, rec.currency)) : '',
    })),
  );
  const parsed = rec.changes.map((c, i) =>
    c.change.dailyBudget ? parseBudgetInput(items[i]!.budgetText, rec.currency) : null,
  );
  const invalid = parsed.some((p, i) => items[i]!.include && p && 'error' in p);
  const selected = items.filter((i) => i.include).length;
  const stale = staleDetails(error);

  const submit = () => {
    onApprove({
      changes: rec.changes.flatMap((c, i) => {
        if (!items[i]!.include) return [];
        const budget = parsed[i];
        const change = budget && 'minor' in budget ? { ...c.change, dailyBudget: budget.minor } : c.change;
        return [{ level: c.level, objectId: c.objectId, change }];
      }),
    });
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium">{rec.title}</p>
      {stale ? (
        <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium">Meta’s values changed since this was proposed: nothing was applied.</p>
          <p>The change was computed from the values shown as “before”. Refresh to get recommendations from today’s.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw aria-hidden="true" /> {refreshing ? 'Refreshing…' : 'Refresh the recommendations'}
          </Button>
        </div>
      ) : null}
      <ul className="grid gap-3" aria-label="Changes to approve">
        {rec.changes.map((c, i) => {
          const item = items[i]!;
          const budget = parsed[i];
          const id = `${baseId}-${i}`;
          return (
            <li key={c.objectId} className="grid gap-2 rounded-md border p-3">
              <div className="flex items-center gap-2">
                <input
                  id={`${id}-include`}
                  type="checkbox"
                  className="size-4"
                  checked={item.include}
                  onChange={(e) =>
                    setItems((all) => all.map((x, j) => (j === i ? { ...x, include: e.target.checked } : x)))
                  }
                />
                <Label htmlFor={`${id}-include`}>
                  {LEVEL_LABELS[c.level]} “{c.objectName}”
                </Label>
              </div>
              <p className="text-sm" aria-label={`Before and after for ${c.objectName}`}>
                <span className="text-muted-foreground line-through">{describeChange(c.before, rec.currency)}</span>
                {' → '}
                <span className="font-medium">
                  {describeChange(
                    budget && 'minor' in budget ? { ...c.change, dailyBudget: budget.minor } : c.change,
                    rec.currency,
                  )}
                </span>
              </p>
              {c.change.dailyBudget ? (
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-budget`}>
                    New daily budget for “{c.objectName}” ({rec.currency})
                  </Label>
                  <Input
                    id={`${id}-budget`}
                    inputMode="decimal"
                    value={item.budgetText}
                    disabled={!item.include}
                    aria-invalid={budget && 'error' in budget ? true : undefined}
                    onChange={(e) =>
                      setItems((all) => all.map((x, j) => (j === i ? { ...x, budgetText: e.target.value } : x)))
                    }
                  />
                  {budget && 'error' in budget && item.include ? (
                    <p className="text-sm text-destructive">{budget.error}</p>
                  ) : null}
                </div>
              ) : null}
              {stale?.[c.objectId] ? <p className="text-sm text-destructive">{stale[c.objectId]}</p> : null}
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={pending || invalid || selected === 0}>
          {pending ? 'Applying…' : `Approve ${selected} change${selected === 1 ? '' : 's'}`}
        </Button>
      </div>
    </div>
  );
}
