import type { AdCard, AdCardList } from '@shared/schemas/ad-optimizer';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FILTERS, type AdFilter } from '../lib/ad-words';
import { AdCardView } from './ad-card-view';

/** The ads that pass the filter as cards, or why there are none. */
export function AdsList({
  list,
  shown,
  filter,
  focusAdId,
  onRewrite,
  onShowCopy,
  onDeleteCopy,
  deletingTestId,
}: {
  list: AdCardList;
  shown: AdCard[];
  filter: AdFilter;
  /** The ad an optimizer recommendation linked to (?ad=<id>). */
  focusAdId: string | null;
  onRewrite: (ad: AdCard) => void;
  onShowCopy: (copyAdId: string) => void;
  onDeleteCopy: (testId: string) => void;
  deletingTestId: string | undefined;
}) {
  if (shown.length === 0) {
    return (
      <Card className="border-dashed">
        <CardHeader className="items-center text-center">
          <CardTitle>
            {list.ads.length === 0
              ? 'No ads in this account yet'
              : filter === 'all'
                ? 'No ads'
                : `No ${FILTERS[filter].toLowerCase()} ads right now`}
          </CardTitle>
          <CardDescription>
            {list.ads.length === 0
              ? 'Create a campaign with ads, and they will show here with their results.'
              : 'Every ad is within the thresholds the optimizer checks. Choose “All ads” to see them all.'}
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Ads">
      {shown.map((card) => (
        <AdCardView
          key={card.id}
          ad={card}
          list={list}
          focused={card.id === focusAdId}
          onRewrite={() => onRewrite(card)}
          onShowCopy={onShowCopy}
          onDeleteCopy={onDeleteCopy}
          deletingTestId={deletingTestId}
        />
      ))}
    </ul>
  );
}
