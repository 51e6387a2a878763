import { Download } from 'lucide-react';
import { type Design } from '@shared/graphics/design-schema';
import { altText } from '@shared/graphics/alt-text';
import {
  type PlacementSizeId,
  placementSizeIds,
  placementSizes,
  storySafeZone,
} from '@shared/graphics/placement-sizes';
import { Button } from '@web/components/ui/button';

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The Stories/Reels bands drawn over the 9:16 preview: where Instagram and Facebook put their own UI. */
function SafeZoneOverlay() {
  const band = 'absolute inset-x-0 flex items-center justify-center bg-red-600/35 text-[10px] font-semibold text-white';
  return (
    <div aria-hidden="true" data-testid="safe-zone-overlay" className="pointer-events-none absolute inset-0">
      <div className={band} style={{ top: 0, height: `${storySafeZone.topFraction * 100}%` }}>
        Profile and header (14 %)
      </div>
      <div className={band} style={{ bottom: 0, height: `${storySafeZone.bottomFraction * 100}%` }}>
        Reels caption and buttons (35 %)
      </div>
    </div>
  );
}

/** All four sizes side by side, live, each with its own PNG download. */
export function SizePreviews({
  design,
  svgs,
  updating,
  showSafeZones,
  onDownload,
  downloading,
}: {
  design: Design;
  svgs: Partial<Record<PlacementSizeId, string>> | undefined;
  updating: boolean;
  showSafeZones: boolean;
  onDownload: (sizeId: PlacementSizeId) => void;
  downloading: boolean;
}) {
  return (
    <div className="grid grid-cols-2 items-end gap-4 xl:grid-cols-4" aria-busy={updating}>
      {placementSizeIds.map((sizeId) => {
        const size = placementSizes[sizeId];
        const svg = svgs?.[sizeId];
        return (
          <figure key={sizeId} className="grid gap-2" aria-label={`${size.label} preview`}>
            <div
              className="relative overflow-hidden rounded-md border bg-muted shadow-sm"
              style={{ aspectRatio: `${size.width} / ${size.height}` }}
            >
              {svg ? (
                <img src={svgDataUrl(svg)} alt={altText(design, sizeId)} className="absolute inset-0 size-full" />
              ) : (
                <div
                  role="status"
                  className="absolute inset-0 flex animate-pulse items-center justify-center text-xs text-muted-foreground"
                >
                  Rendering…
                </div>
              )}
              {size.hasSafeZones && showSafeZones ? <SafeZoneOverlay /> : null}
            </div>
            <figcaption className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>
                <span className="font-medium text-foreground">{size.ratio}</span> {size.width}×{size.height}
              </span>
              <Button
                size="sm"
                variant="ghost"
                disabled={downloading || !svg}
                onClick={() => onDownload(sizeId)}
                aria-label={`Download ${size.ratio} PNG`}
              >
                <Download aria-hidden="true" /> PNG
              </Button>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
