import type { RecommendationKind } from '@shared/schemas/optimizer';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';
import { KIND_LABELS } from '../../lib/recommendation-words';

export type RecommendationShow = 'open' | 'done' | 'all';

/** Which recommendations the list shows: by kind, and open or done; with how many of all it shows. */
export function RecommendationFilters({
  kinds,
  kind,
  onKind,
  show,
  onShow,
  shownCount,
  totalCount,
}: {
  kinds: RecommendationKind[];
  kind: 'all' | RecommendationKind;
  onKind: (kind: 'all' | RecommendationKind) => void;
  show: RecommendationShow;
  onShow: (show: RecommendationShow) => void;
  shownCount: number;
  totalCount: number;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter recommendations">
      <div className="grid gap-1.5">
        <Label htmlFor="rec-kind">Kind</Label>
        <NativeSelect
          id="rec-kind"
          className="w-56"
          value={kind}
          onChange={(e) => onKind(e.target.value as typeof kind)}
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
          onChange={(e) => onShow(e.target.value as RecommendationShow)}
        >
          <option value="open">Open</option>
          <option value="done">Applied or undone</option>
          <option value="all">All</option>
        </NativeSelect>
      </div>
      <p className="ml-auto text-sm text-muted-foreground" aria-live="polite">
        {shownCount} of {totalCount} recommendations · ranked by what they are worth a week
      </p>
    </div>
  );
}
