import { Sparkles } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useAdCards, useAdTestActions } from '../api/ad-optimizer-api';
import { matchesFilter, type AdFilter } from '../lib/ad-words';
import { AdFilters } from './ad-filters';
import { AdsList } from './ads-list';
import { ElementTestsPanel } from './element-tests-panel';
import { RewriteDrawer } from './rewrite-drawer';

/** /ad-optimizer: the account's ads as cards, and the rewrite-and-test flow for a tired one. */
export function AdOptimizerScreen() {
  const selection = useAdAccountSelection();
  const list = useAdCards(selection.uid, selection.accountId);
  const actions = useAdTestActions(selection.uid, selection.accountId);
  // Arriving from an optimizer recommendation (?ad=<id>): every ad is listed, and that one is brought into view.
  const [searchParams] = useSearchParams();
  const focusAdId = searchParams.get('ad');
  const [filter, setFilter] = useState<AdFilter>(() => (focusAdId ? 'all' : 'fatigued'));
  const [rewriting, setRewriting] = useState<string | null>(null);
  const ads = useMemo(() => list.data?.ads ?? [], [list.data]);
  const shown = ads.filter((ad) => matchesFilter(ad, filter));
  const ad = ads.find((a) => a.id === rewriting) ?? null;

  useLinkedAccount(selection, searchParams.get('account'));
  // The agent's proposal links here with `&rewrite=<id>`: the drawer opens on it once the list holds it, once.
  const linkedRewrite = searchParams.get('rewrite');
  const [rewriteHandled, setRewriteHandled] = useState<string | null>(null);
  const linked = linkedRewrite
    ? list.data?.tests.find((t) => t.id === linkedRewrite && t.status === 'proposed')
    : undefined;
  if (linked && rewriteHandled !== linked.id) {
    setRewriteHandled(linked.id);
    setRewriting(linked.adId);
  }

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
    <AdAccountWorkspace
      connect={{
        icon: Sparkles,
        title: 'Connect Meta to see your ads',
        description:
          'The ad optimizer reads your ads and their results, shows which ones your audience has tired of, writes new copy for them and sets up an A/B test: a paused copy of the ad, created only when you approve it.',
      }}
      selection={selection}
      query={list}
      toolbar={{ idleLabel: 'Read again', busyLabel: 'Reading ads…' }}
      errorTitle="Your ads could not be read"
      loading={
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
      }
      dialogs={
        <RewriteDrawer
          ad={ad}
          tests={list.data?.tests ?? []}
          now={list.data ? Date.parse(list.data.generatedAt) : 0}
          actions={actions}
          onClose={() => setRewriting(null)}
          onShowCopy={showCopy}
        />
      }
    >
      {(data) => (
        <>
          <AdFilters
            ads={ads}
            filter={filter}
            onFilter={setFilter}
            shownCount={shown.length}
            currency={data.currency}
          />
          <ElementTestsPanel tests={data.tests} actions={actions} onShowCopy={showCopy} />
          {data.partial ? (
            <p role="status" className="text-sm text-amber-800">
              Partial data: Meta had more rows than could be read in time, or the account has more ads than one page
              shows; the ads shown are the flagged ones and the biggest spenders.
            </p>
          ) : null}
          <AdsList
            list={data}
            shown={shown}
            filter={filter}
            focusAdId={focusAdId}
            onRewrite={(card) => setRewriting(card.id)}
            onShowCopy={showCopy}
            onDeleteCopy={(testId) => actions.undo.mutate(testId)}
            deletingTestId={actions.undo.isPending ? actions.undo.variables : undefined}
          />
        </>
      )}
    </AdAccountWorkspace>
  );
}

/** A link naming one of the workspace's ad accounts (`?account=act_…`, the agent's proposals) chooses it. */
function useLinkedAccount(selection: ReturnType<typeof useAdAccountSelection>, account: string | null) {
  const { accountId, adAccounts, selectAdAccount } = selection;
  const switching = !!account && account !== accountId && adAccounts.some((a) => a.id === account);
  useEffect(() => {
    if (switching && account) selectAdAccount(account);
  }, [switching, account, selectAdAccount]);
}
