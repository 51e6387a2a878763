import { Gauge } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isRecommendationsPending, type RecommendationKind } from '@shared/schemas/optimizer';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Alert } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useAdAccountSelection, type AdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useMediaQuery } from '@web/lib/use-media-query';
import { figuresOf, useRecommendationActions, useRecommendations } from '../../api/optimizer';
import { RECOMMENDATIONS_PAGE, WIDE_SCREEN } from '../../lib/recommendations-layout';
import { Button } from '@web/components/ui/button';
import { ApproveDrawer } from './approve-drawer';
import { HealthSummary } from './health-summary';
import { RecommendationFilters, type RecommendationShow } from './recommendation-filters';
import { RecommendationsList } from './recommendations-list';
import { SendForApprovalDrawer } from './send-for-approval-drawer';

/** /optimizer: recommendations for the chosen ad account, each applied only after the marketer approves its diff. */
export function OptimizerRecommendations() {
  const selection = useAdAccountSelection();
  const list = useRecommendations(selection.uid, selection.accountId);
  const { approve, undo } = useRecommendationActions(selection.uid, selection.accountId);
  const [kind, setKind] = useState<'all' | RecommendationKind>('all');
  const [show, setShow] = useState<RecommendationShow>('open');
  const [reviewId, setReviewId] = useState<string | null>(null);
  const [limit, setLimit] = useState(RECOMMENDATIONS_PAGE);
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const figures = figuresOf(list.data);
  // A read of Meta runs in the background: the stored figures stay on screen, the toolbar says it is analysing.
  const updating = list.data?.updating === true;
  const all = useMemo(() => figures?.data ?? [], [figures]);
  const kinds = useMemo(() => [...new Set(all.map((r) => r.kind))], [all]);
  const shown = all.filter(
    (r) =>
      (kind === 'all' || r.kind === kind) &&
      (show === 'all' || (show === 'open' ? r.status === 'proposed' : r.status !== 'proposed')),
  );
  const reviewing = all.find((r) => r.id === reviewId) ?? null;
  const linked = useLinkedRecommendation(selection, list.isSuccess && figures ? all : null, (id) => {
    approve.reset();
    setReviewId(id);
  });
  const visible = wide ? shown : shown.slice(0, limit);
  // Chosen to send for the client's approval: only those still open with changes (a list refresh may close some).
  const [chosenIds, setChosenIds] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const chosen = all.filter((r) => chosenIds.includes(r.id) && r.status === 'proposed' && r.changes.length > 0);

  return (
    <AdAccountWorkspace
      connect={{
        icon: Gauge,
        title: 'Connect Meta to get recommendations',
        description:
          'The optimizer reads your campaigns, ad sets and ads, finds what to change, and shows you exactly what each change would do before anything reaches Meta.',
      }}
      selection={selection}
      query={{ ...list, isFetching: list.isFetching || updating }}
      toolbar={{ idleLabel: 'Analyse again', busyLabel: 'Analysing…' }}
      errorTitle="Recommendations could not be computed"
      loading={<FirstRead />}
      dialogs={
        <>
          <SendForApprovalDrawer
            recs={chosen}
            open={sending}
            onClose={() => {
              setSending(false);
              setChosenIds([]);
            }}
          />
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
      }
    >
      {(data) =>
        isRecommendationsPending(data) ? (
          data.updating ? (
            <FirstRead />
          ) : (
            <Alert variant="destructive" title="Meta could not be read">
              <p>{data.readFailed?.message ?? 'The read of this ad account did not finish.'}</p>
              <Button className="mt-2" variant="outline" size="sm" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          )
        ) : (
          <>
            {linked === 'missing' ? (
              <Alert variant="warning" title="That change set is not open">
                The proposal the link names is not among this account's open recommendations: it may have been approved,
                dismissed or expired already. Its outcome is under All.
              </Alert>
            ) : null}
            <HealthSummary list={data} />
            <RecommendationFilters
              kinds={kinds}
              kind={kind}
              onKind={(next) => {
                setKind(next);
                setLimit(RECOMMENDATIONS_PAGE);
              }}
              show={show}
              onShow={(next) => {
                setShow(next);
                setLimit(RECOMMENDATIONS_PAGE);
              }}
              shownCount={shown.length}
              totalCount={all.length}
            />
            {chosen.length > 0 ? (
              <div
                role="region"
                aria-label="Chosen for approval"
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-card p-3"
              >
                <p className="text-sm">
                  {chosen.length === 1 ? '1 recommendation chosen' : `${chosen.length} recommendations chosen`} to send
                  to your client for approval
                </p>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setChosenIds([])}>
                    Clear
                  </Button>
                  <Button size="sm" onClick={() => setSending(true)}>
                    Send for approval
                  </Button>
                </div>
              </div>
            ) : null}
            <RecommendationsList
              selectedForApproval={chosenIds}
              onSelectForApproval={(rec, selected) =>
                setChosenIds((ids) => (selected ? [...ids, rec.id] : ids.filter((id) => id !== rec.id)))
              }
              shown={shown}
              visible={visible}
              totalCount={all.length}
              now={Date.parse(data.generatedAt)}
              onReview={(rec) => {
                approve.reset();
                setReviewId(rec.id);
              }}
              onUndo={(rec) => undo.mutate(rec.id)}
              undoingId={undo.isPending ? undo.variables : undefined}
              onShowMore={() => setLimit((n) => n + RECOMMENDATIONS_PAGE)}
            />
          </>
        )
      }
    </AdAccountWorkspace>
  );
}

/** Before an account's first read of Meta has landed (it runs in the background; the screen asks again). */
function FirstRead() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Analysing the ad account">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Analysing" /> Reading campaigns, ad sets, ads and their results from Meta…
      </p>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-24 w-full" />
      ))}
    </div>
  );
}

/**
 * A link to one pending change set (`/optimizer?account=…&recommendation=…`, the agent's proposals' `drawerPath`):
 * the account is chosen, and once its list is in, the drawer opens on that change set and the link's parameters
 * go, so closing the drawer or refreshing does not reopen it. 'missing' when the list has no open one by that id.
 */
function useLinkedRecommendation(
  selection: AdAccountSelection,
  list: readonly { id: string; status: string }[] | null,
  open: (id: string) => void,
): 'none' | 'missing' {
  const [params, setParams] = useSearchParams();
  const [handled, setHandled] = useState<{ id: string; found: boolean } | null>(null);
  const account = params.get('account');
  const recommendation = params.get('recommendation');
  const { accountId, adAccounts, selectAdAccount } = selection;
  // Wait for the named account to be the chosen one (one not among the workspace's accounts is never chosen).
  const switching = !!account && account !== accountId && adAccounts.some((a) => a.id === account);
  useEffect(() => {
    if (switching && account) selectAdAccount(account);
  }, [switching, account, selectAdAccount]);
  // Once per link, while rendering (React's "adjusting state when a prop changes"), so the drawer opens at once.
  if (recommendation && list && !switching && handled?.id !== recommendation) {
    const found = list.some((r) => r.id === recommendation && r.status === 'proposed');
    setHandled({ id: recommendation, found });
    if (found) open(recommendation);
  }
  // Then the link's parameters go: closing the drawer or refreshing does not reopen it.
  useEffect(() => {
    if (!handled || handled.id !== recommendation) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('account');
        next.delete('recommendation');
        return next;
      },
      { replace: true },
    );
  }, [handled, recommendation, setParams]);
  return handled && !handled.found ? 'missing' : 'none';
}
