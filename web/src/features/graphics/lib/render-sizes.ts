import { type Design, templateIds, type TemplateId } from '@shared/graphics/design-schema';
import { type PlacementSizeId, placementSizeIds } from '@shared/graphics/placement-sizes';
import { thumbnailTexts } from './editor-design';
import { type GraphicsRenderer } from './graphics-renderer';

/** The design drawn in every placement size, as SVG markup. */
export async function renderAll(renderer: GraphicsRenderer, design: Design): Promise<Record<PlacementSizeId, string>> {
  const entries = await Promise.all(
    placementSizeIds.map(async (sizeId) => [sizeId, await renderer.svg(design, sizeId)] as const),
  );
  return Object.fromEntries(entries) as Record<PlacementSizeId, string>;
}

/** Each template in the design's look (placeholder texts, no images), square, as data URLs for the picker. */
export async function renderThumbnails(
  renderer: GraphicsRenderer,
  design: Design,
): Promise<Record<TemplateId, string>> {
  const entries = await Promise.all(
    templateIds.map(async (templateId) => {
      const svg = await renderer.svg({ ...design, templateId, texts: thumbnailTexts, images: {} }, 'square');
      return [templateId, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<TemplateId, string>;
}
