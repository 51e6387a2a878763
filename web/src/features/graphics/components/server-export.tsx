import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { CAROUSEL_EXPORT_SIZES } from '@shared/graphics/carousel-design';
import { type PlacementSizeId, placementSizeIds, placementSizes } from '@shared/graphics/placement-sizes';
import type { ExportFormat, ExportReply } from '@shared/schemas/graphics';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api';
import { quotaExceededOf, usageKey, useUsage } from '@web/lib/billing/usage';
import { SizeCheckboxes } from './size-checkboxes';

/** The open design as saved: what the server renders (it never renders what the browser holds). */
export interface SavedVersion {
  id: string;
  version: number;
}

/** What the export and "Use in a campaign" need from the editor: the saved version, and the last export of it. */
export interface SavingTools {
  /** Saves the design when it is new or changed; null when the save failed (the editor shows why). */
  ensureSaved: () => Promise<SavedVersion | null>;
  /** The last export, when it is of the open design's current saved version. */
  lastExport: ExportReply | null;
  onExported: (reply: ExportReply) => void;
}

/** Hands a presigned download (served with Content-Disposition: attachment) to the browser. */
function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

function exportsLeftText(usage: ExportReply['usage']): string {
  const left = Math.max(0, usage.limit - usage.used);
  return `${left.toLocaleString()} of ${usage.limit.toLocaleString()} exports left this month`;
}

/**
 * Export on the server (`POST /api/graphics/designs/{id}/exports`): the design is saved first when it changed, the
 * saved version is rendered at the chosen sizes as PNG or JPEG, and the reply's ZIP downloads. Each image is listed
 * with its own download and its alt text (copyable); the export allowance is shown before and after.
 */
export function ServerExport({
  ensureSaved,
  blocked,
  onExported,
  carouselCards,
}: {
  /** Saves the design when it is new or changed; null when the save failed (the editor shows why). */
  ensureSaved: () => Promise<SavedVersion | null>;
  blocked: boolean;
  onExported?: (reply: ExportReply) => void;
  /** A carousel's card count: every card is exported at the two sizes Meta shows cards in, not chosen sizes. */
  carouselCards?: number;
}) {
  const queryClient = useQueryClient();
  const usage = useUsage();
  const allowance = usage.data?.limits.find((limit) => limit.key === 'graphicsExportsPerMonth');
  const [format, setFormat] = useState<ExportFormat>('png');
  const [chosenSizes, setSizes] = useState<PlacementSizeId[]>([...placementSizeIds]);
  const sizes = carouselCards === undefined ? chosenSizes : [...CAROUSEL_EXPORT_SIZES];
  const files = sizes.length * (carouselCards ?? 1);
  const [copied, setCopied] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: async () => {
      const saved = await ensureSaved();
      if (!saved) throw new Error('the design could not be saved first.');
      return apiRequest('graphicsExportDesign', {
        params: { id: saved.id },
        body: { version: saved.version, sizes, format },
      });
    },
    onSuccess: (reply) => {
      download(reply.zip.url, reply.zip.fileName);
      onExported?.(reply);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usageKey }),
  });
  const quotaHit = quotaExceededOf(run.error);
  const result = run.data;

  async function copy(sizeId: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(sizeId);
    } catch {
      setCopied(null);
    }
  }

  return (
    <section aria-labelledby="export-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="export-heading" className="text-sm font-semibold">
        Export
      </h2>
      {result ? null : allowance ? <UsageMeter usage={allowance} /> : null}
      {carouselCards === undefined ? (
        <SizeCheckboxes
          legend="Sizes to export"
          sizes={sizes}
          onChange={setSizes}
          labelOf={(sizeId) => `Export ${placementSizes[sizeId].ratio}`}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          All {carouselCards} cards, each square (1:1) and 4:5: the shapes Meta shows carousel cards in.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Format" className="w-32">
          {(control) => (
            <NativeSelect {...control} value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
              <option value="png">PNG</option>
              <option value="jpeg">JPEG</option>
            </NativeSelect>
          )}
        </FormField>
        <Button onClick={() => run.mutate()} disabled={run.isPending || blocked || sizes.length === 0}>
          {run.isPending ? <Spinner className="size-4" /> : <FileArchive aria-hidden="true" />}
          Export ZIP ({files} {format === 'png' ? 'PNG' : 'JPEG'})
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {run.isPending
          ? `Saving and rendering ${files} ${files === 1 ? 'image' : 'images'} on the server…`
          : result
            ? `Downloaded ${result.zip.fileName}. ${exportsLeftText(result.usage)}.`
            : ''}
      </div>
      {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
      {run.isError && !quotaHit ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The export failed: {run.error instanceof Error ? run.error.message : 'please try again.'}
        </p>
      ) : null}
      {result ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Exported images">
          {result.images.map((image) => {
            const size = placementSizes[image.sizeId];
            return (
              <li key={image.id} className="grid min-w-0 gap-2 rounded-md border p-2 text-xs">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">
                    {size.ratio} {image.width}×{image.height}
                  </span>
                  <a href={image.url} download={image.fileName} className="text-primary underline">
                    Download {size.ratio} {format === 'png' ? 'PNG' : 'JPEG'}
                  </a>
                </div>
                <label className="grid gap-1">
                  <span className="text-muted-foreground">Alt text for {size.ratio}</span>
                  <textarea
                    readOnly
                    rows={2}
                    value={image.altText}
                    className="w-full rounded-md border border-input bg-muted px-2 py-1"
                  />
                </label>
                <Button
                  size="sm"
                  variant="outline"
                  className="w-fit"
                  aria-label={`Copy alt text for ${size.ratio}`}
                  onClick={() => void copy(image.sizeId, image.altText)}
                >
                  <Copy aria-hidden="true" /> {copied === image.sizeId ? 'Copied' : 'Copy alt text'}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {result && result.checks.length > 0 ? (
        <ul className="grid gap-1 text-xs text-muted-foreground" aria-label="Notes from the export">
          {result.checks.map((check) => (
            <li key={`${check.id}-${check.sizeId}`}>
              {placementSizes[check.sizeId].ratio}: {check.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
