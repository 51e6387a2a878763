import { type Design } from '@shared/graphics/design-schema';
import { type PlacementSizeId } from '@shared/graphics/placement-sizes';

/**
 * What the editor needs from the one renderer: the SVG of a size (live preview, drawn as the browser shows it) and
 * the PNG the export produces from that same SVG. The browser implementation loads fonts and resvg's WASM with
 * Vite; tests hand in the Node one. Either way it is shared/graphics/render-svg.ts + rasterise.ts underneath.
 */
export interface GraphicsRenderer {
  svg(design: Design, sizeId: PlacementSizeId): Promise<string>;
  png(design: Design, sizeId: PlacementSizeId): Promise<Uint8Array>;
}
