import { Gauge } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { RecommendationKind } from '@shared/schemas/optimizer';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useMediaQuery } from '@web/lib/use-media-query';
import { useRecommendationActions, useRecommendations } from '../../api/optimizer';
import { RECOMMENDATIONS_PAGE, WIDE_SCREEN } from '../../lib/recommendations-layout';
import { ApproveDrawer } from './approve-drawer';
import { HealthSummary } from './health-summary';
import { RecommendationFilters, type RecommendationShow } from './recommendation-filters';
import { RecommendationsList } from './recommendations-list';

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
    <AdAccountWorkspace
      connect={{
        icon: Gauge,
        title: 'Connect Meta to get recommendations',
        description:
          'The optimizer reads your campaigns, ad sets and ads, finds what to change, and shows you exactly what each change would do before anything reaches Meta.',
      }}
      selection={selection}
      query={list}
      toolbar={{ idleLabel: 'Analyse again', busyLabel: 'Analysing…' }}
      errorTitle="Recommendations could not be computed"
      loading={
        <div className="grid gap-3" aria-busy="true" aria-label="Analysing the ad account">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Analysing" /> Reading campaigns, ad sets, ads and their results from Meta…
          </p>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      }
      dialogs={
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
      }
    >
      {(data) => (
        <>
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
          <RecommendationsList
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
      )}
    </AdAccountWorkspace>
  );
}
