import { ExternalLink, Trash2, Wand2 } from 'lucide-react';
import type { AdCard, AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import { Button } from '@web/components/ui/button';
import { withinUndoWindow } from '@web/lib/undo-window';

/** Rewrite and test, the A/B copy's own actions (see it, delete it within 24 hours), and the ad in Ads Manager. */
export function AdCardActions({
  ad,
  list,
  test,
  deleting,
  onRewrite,
  onShowCopy,
  onDeleteCopy,
}: {
  ad: AdCard;
  list: AdCardList;
  /** The A/B test made from this ad, if any. */
  test: AdTest | undefined;
  deleting: boolean;
  onRewrite: () => void;
  onShowCopy: (copyAdId: string) => void;
  onDeleteCopy: (testId: string) => void;
}) {
  return (
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
  );
}
