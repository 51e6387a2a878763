import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { RECOMMENDATIONS_PAGE } from '../../lib/recommendations-layout';
import { RecommendationCard } from './recommendation-card';

/** The ranked cards that pass the filters (on a phone, a page at a time), or why there are none. */
export function RecommendationsList({
  shown,
  visible,
  totalCount,
  now,
  onReview,
  onUndo,
  undoingId,
  onShowMore,
  selectedForApproval,
  onSelectForApproval,
}: {
  /** Those that pass the filters. */
  shown: StoredRecommendation[];
  /** Those of `shown` on the page so far. */
  visible: StoredRecommendation[];
  totalCount: number;
  /** The server's time of the list. */
  now: number;
  onReview: (rec: StoredRecommendation) => void;
  onUndo: (rec: StoredRecommendation) => void;
  undoingId: string | undefined;
  onShowMore: () => void;
  /** The recommendations chosen to send for the client's approval. */
  selectedForApproval: readonly string[];
  onSelectForApproval: (rec: StoredRecommendation, selected: boolean) => void;
}) {
  if (shown.length === 0) {
    return (
      <Card className="border-dashed">
        <CardHeader className="items-center text-center">
          <CardTitle>{totalCount === 0 ? 'Nothing to change right now' : 'No recommendation matches'}</CardTitle>
          <CardDescription>
            {totalCount === 0
              ? 'Every campaign, ad set and ad is within the thresholds the optimizer checks.'
              : 'Choose other filters.'}
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <>
      <ol className="grid gap-3" aria-label="Recommendations">
        {visible.map((rec) => (
          <RecommendationCard
            key={rec.id}
            rec={rec}
            now={now}
            onReview={() => onReview(rec)}
            onUndo={() => onUndo(rec)}
            undoing={undoingId === rec.id}
            forApproval={{
              selected: selectedForApproval.includes(rec.id),
              onSelect: (selected) => onSelectForApproval(rec, selected),
            }}
          />
        ))}
      </ol>
      {shown.length > visible.length ? (
        <div className="flex flex-wrap items-center justify-center gap-3">
          <p className="text-sm text-muted-foreground">
            Showing {visible.length} of {shown.length}, highest value first
          </p>
          <Button variant="outline" onClick={onShowMore}>
            Show {Math.min(RECOMMENDATIONS_PAGE, shown.length - visible.length)} more
          </Button>
        </div>
      ) : null}
    </>
  );
}
