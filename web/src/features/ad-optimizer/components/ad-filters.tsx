import type { AdCard } from '@shared/schemas/ad-optimizer';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';
import { FILTERS, matchesFilter, type AdFilter } from '../lib/ad-words';

/** Which ads the list shows (each choice with its count), and how many of all it shows. */
export function AdFilters({
  ads,
  filter,
  onFilter,
  shownCount,
  currency,
}: {
  ads: AdCard[];
  filter: AdFilter;
  onFilter: (filter: AdFilter) => void;
  shownCount: number;
  currency: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter ads">
      <div className="grid gap-1.5">
        <Label htmlFor="ad-filter">Show</Label>
        <NativeSelect
          id="ad-filter"
          className="w-48"
          value={filter}
          onChange={(e) => onFilter(e.target.value as AdFilter)}
        >
          {(Object.keys(FILTERS) as AdFilter[]).map((key) => (
            <option key={key} value={key}>
              {FILTERS[key]} ({ads.filter((a) => matchesFilter(a, key)).length})
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
        {shownCount} of {ads.length} ads · last 7 days, {currency}
      </p>
    </div>
  );
}
