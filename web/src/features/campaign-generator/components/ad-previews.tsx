import type { PlanAd, PREVIEW_FORMATS } from '@shared/schemas/campaign-plan';
import { Spinner } from '@web/components/ui/spinner';
import { languageLabel } from '@web/lib/business-languages/business-languages';
import { usePreviews } from '../api/campaign-generator-api';
import { previewFrame } from '../lib/plan-edits';

type PreviewFormat = (typeof PREVIEW_FORMATS)[number];
const FORMATS: readonly PreviewFormat[] = ['MOBILE_FEED_STANDARD', 'INSTAGRAM_STORY'];
/** A video ad plays in the feed and, vertical, in Reels. */
const VIDEO_FORMATS: readonly PreviewFormat[] = ['MOBILE_FEED_STANDARD', 'INSTAGRAM_REELS'];
const LABELS: Record<string, string> = {
  MOBILE_FEED_STANDARD: 'Facebook feed',
  INSTAGRAM_STORY: 'Instagram story',
  INSTAGRAM_REELS: 'Instagram Reels',
};

/**
 * The ad as Meta renders it (generatepreviews), in the feed and in stories (a video ad in Reels), once per language
 * when the ad has versions in several.
 */
export function AdPreviews({ adAccountId, ad }: { adAccountId: string; ad: PlanAd }) {
  const previews = usePreviews(adAccountId, ad, ad.format === 'video' ? VIDEO_FORMATS : FORMATS);
  if (previews.isPending) return <Spinner label="Loading previews" className="size-6" />;
  if (previews.isError) return <p className="text-sm text-destructive">Meta could not preview this ad.</p>;
  if (previews.data.previews.length === 0)
    return <p className="text-sm">This ad account has no Page to preview with.</p>;
  return (
    <div className="flex flex-wrap gap-6">
      {previews.data.previews.map((preview) => {
        const frame = previewFrame(preview.html);
        const name = `${LABELS[preview.format] ?? preview.format}${preview.language ? ` · ${languageLabel(preview.language)}` : ''}`;
        return (
          // min-w-0 and max-w-full: Meta's feed frame is 335 px wide, more than a phone's card has inside its padding.
          <figure
            key={`${preview.format}-${preview.language ?? ''}`}
            className="grid min-w-0 max-w-full content-start gap-2"
          >
            <figcaption className="text-sm font-medium">{name}</figcaption>
            {frame ? (
              <iframe
                title={`Preview: ${name}`}
                src={frame.src}
                width={frame.width}
                height={frame.height}
                sandbox="allow-scripts allow-popups"
                className="max-w-full rounded-md border bg-white"
              />
            ) : (
              <p className="text-sm">Preview unavailable.</p>
            )}
          </figure>
        );
      })}
    </div>
  );
}
