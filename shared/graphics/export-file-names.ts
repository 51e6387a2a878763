import { type PlacementSizeId, placementSizes } from './placement-sizes';

/** File name of one exported size, e.g. `adsmith-product-hero-1080x1920.png` (the same in the ZIP and on download). */
export function exportFileName(templateId: string, sizeId: PlacementSizeId, extension: 'png' | 'jpg' = 'png'): string {
  const size = placementSizes[sizeId];
  return `adsmith-${templateId}-${size.width}x${size.height}.${extension}`;
}

/** The ZIP of an export, named after the design and its version, e.g. `adsmith-spring-sale-v3.zip`. */
export function exportZipName(designName: string, version: number): string {
  const slug = designName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `adsmith-${slug || 'design'}-v${version}.zip`;
}
