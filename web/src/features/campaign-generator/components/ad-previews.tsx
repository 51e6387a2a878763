import type { PlanAd, PREVIEW_FORMATS } from '@shared/schemas/campaign-plan';
import { Spinner } from '@web/components/ui/spinner';
import { usePreviews } from '../api/campaign-generator-api';
import { previewFrame } from '../lib/plan-edits';

const FORMATS: ReadonlyArray<(typeof PREVIEW_FORMATS)[number]> = ['MOBILE_FEED_STANDARD', 'INSTAGRAM_STORY'];
const LABELS: Record<string, string> = {
  MOBILE_FEED_STANDARD: 'Facebook feed',
  INSTAGRAM_STORY: 'Instagram story',
};

/** The ad as Meta renders it (generatepreviews), in the feed and in stories. */
export function AdPreviews({ adAccountId, ad }: { adAccountId: string; ad: PlanAd }) {
  const previews = usePreviews(adAccountId, ad, FORMATS);
  if (previews.isPending) return <Spinner label="Loading previews" className="size-6" />;
  if (previews.isError) return <p className="text-sm text-destructive">Meta could not preview this ad.</p>;
  if (previews.data.previews.length === 0)
    return <p className="text-sm">This ad account has no Page to preview with.</p>;
  return (
    <div className="flex flex-wrap gap-6">
      {previews.data.previews.map((preview) => {
        const frame = previewFrame(preview.html);
        return (
          <figure key={preview.format} className="grid gap-2">
            <figcaption className="text-sm font-medium">{LABELS[preview.format] ?? preview.format}</figcaption>
            {frame ? (
              <iframe
                title={`Preview: ${LABELS[preview.format] ?? preview.format}`}
                src={frame.src}
                width={frame.width}
                height={frame.height}
                sandbox="allow-scripts allow-popups"
                className="rounded-md border bg-white"
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
