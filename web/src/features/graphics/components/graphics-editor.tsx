import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileArchive } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { checkDesignAllSizes } from '@shared/graphics/design-checks';
import {
  type Design,
  type DesignTexts,
  defaultDesign,
  templateIds,
  type TemplateId,
} from '@shared/graphics/design-schema';
import { type PlacementSizeId, placementSizeIds } from '@shared/graphics/placement-sizes';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useLastAdCopyTexts } from '../api/last-ad-copy';
import { downloadBytes, exportFileName, exportZip } from '../lib/export-zip';
import { type GraphicsRenderer } from '../lib/graphics-renderer';
import { ChecksList } from './checks-list';
import { DesignControls } from './design-controls';
import { SizePreviews } from './size-previews';
import { TemplatePicker } from './template-picker';

/** Texts every template can show, so switching layouts never leaves a field empty. */
const sampleTexts: DesignTexts = {
  headline: 'Run cooler this summer',
  body: 'Breathable running shoes with free returns for 100 days.',
  cta: 'Shop now',
  badge: '-30 %',
  quote: 'The lightest shoes I have ever raced in.',
  attribution: 'Maya R., marathoner',
  features: ['Breathable mesh', '100-day returns', 'Carbon plate'],
  eventDate: 'Sat 14 June',
  eventPlace: 'Riverside Park, Lisbon',
  caption: 'Made for long days outside',
};

export function initialDesign(prefill: Partial<DesignTexts> | null): Design {
  return defaultDesign({ texts: { ...sampleTexts, ...(prefill ?? {}) } });
}

async function renderAll(renderer: GraphicsRenderer, design: Design): Promise<Record<PlacementSizeId, string>> {
  const entries = await Promise.all(
    placementSizeIds.map(async (sizeId) => [sizeId, await renderer.svg(design, sizeId)] as const),
  );
  return Object.fromEntries(entries) as Record<PlacementSizeId, string>;
}

async function renderThumbnails(renderer: GraphicsRenderer, design: Design): Promise<Record<TemplateId, string>> {
  const entries = await Promise.all(
    templateIds.map(async (templateId) => {
      const svg = await renderer.svg({ ...design, templateId, texts: sampleTexts, images: {} }, 'square');
      return [templateId, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<TemplateId, string>;
}

type ExportState =
  | { status: 'idle' }
  | { status: 'rendering'; done: number; total: number }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; message: string };

/** The editor: template, texts, colours, type and images on the left; the four sizes, live, and the checks on the right. */
export function GraphicsEditor({
  renderer,
  prefill,
}: {
  renderer: GraphicsRenderer;
  prefill: Partial<DesignTexts> | null;
}) {
  const [design, setDesign] = useState(() => initialDesign(prefill));
  const [showSafeZones, setShowSafeZones] = useState(true);
  const [exporting, setExporting] = useState<ExportState>({ status: 'idle' });
  // Typing stays responsive: previews and checks follow the deferred design.
  const deferred = useDeferredValue(design);

  const previews = useQuery({
    queryKey: ['graphics', 'preview', deferred],
    queryFn: () => renderAll(renderer, deferred),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
  const look = { colours: deferred.colours, fonts: deferred.fonts, ctaStyle: deferred.ctaStyle, align: deferred.align };
  const thumbnails = useQuery({
    queryKey: ['graphics', 'thumbnails', look],
    queryFn: () => renderThumbnails(renderer, deferred),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const checks = useMemo(() => checkDesignAllSizes(deferred), [deferred]);
  const errors = checks.filter((c) => c.level === 'error').length;
  const busy = exporting.status === 'rendering';

  async function onExportZip() {
    setExporting({ status: 'rendering', done: 0, total: placementSizeIds.length });
    try {
      const zip = await exportZip(design, renderer, (done, total) =>
        setExporting({ status: 'rendering', done, total }),
      );
      const fileName = `adsmith-${design.templateId}.zip`;
      downloadBytes(zip, fileName, 'application/zip');
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
    }
  }

  async function onDownload(sizeId: PlacementSizeId) {
    setExporting({ status: 'rendering', done: 0, total: 1 });
    try {
      const fileName = exportFileName(design, sizeId);
      downloadBytes(await renderer.png(design, sizeId), fileName, 'image/png');
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
      <Card>
        <CardContent className="grid gap-6 pt-6">
          <TemplatePicker
            value={design.templateId}
            onChange={(templateId) => setDesign({ ...design, templateId })}
            thumbnails={thumbnails.data ?? {}}
          />
          {prefill ? (
            <p className="text-xs text-muted-foreground">Texts prefilled from your latest saved ad copy.</p>
          ) : null}
          <DesignControls design={design} onChange={setDesign} />
        </CardContent>
      </Card>

      <div className="grid content-start gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={showSafeZones}
              onChange={(e) => setShowSafeZones(e.target.checked)}
              className="size-4"
            />
            Show Stories and Reels safe zones
          </label>
          <div className="flex items-center gap-3">
            {previews.isFetching ? (
              <span role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
                <Spinner className="size-3" /> Updating previews…
              </span>
            ) : null}
            <Button onClick={() => void onExportZip()} disabled={busy || errors > 0}>
              <FileArchive aria-hidden="true" /> Export ZIP (4 PNG)
            </Button>
          </div>
        </div>
        {errors > 0 ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Fix the {errors === 1 ? 'error' : `${errors} errors`} listed under Quality checks to export.
          </p>
        ) : null}
        <div role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {exporting.status === 'rendering'
            ? `Rendering ${Math.min(exporting.done + 1, exporting.total)} of ${exporting.total}…`
            : exporting.status === 'done'
              ? `Downloaded ${exporting.fileName}.`
              : exporting.status === 'failed'
                ? exporting.message
                : ''}
        </div>
        {previews.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The previews could not be drawn:{' '}
            {previews.error instanceof Error ? previews.error.message : 'unknown error'}.
          </p>
        ) : null}
        <SizePreviews
          design={deferred}
          svgs={previews.data}
          updating={previews.isFetching}
          showSafeZones={showSafeZones}
          onDownload={(id) => void onDownload(id)}
          downloading={busy}
        />
        <ChecksList checks={checks} />
      </div>
    </div>
  );
}

/** The page's content: waits for the latest ad copy (to prefill texts), then opens the editor. */
export function GraphicsGenerator({ renderer }: { renderer: GraphicsRenderer }) {
  const { currentUser } = useAuth();
  const prefill = useLastAdCopyTexts(currentUser?.uid);
  if (prefill.isLoading) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading your latest ad copy…
      </div>
    );
  }
  return <GraphicsEditor renderer={renderer} prefill={prefill.data ?? null} />;
}
