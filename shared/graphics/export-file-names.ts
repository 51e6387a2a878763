import { type PlacementSizeId, placementSizes } from './placement-sizes';

/**
 * The names exported files carry, one module for the server's export and the editor's in-browser downloads, so a
 * file is called the same whichever way it was made.
 */

/** File name of one exported size, e.g. `adsmith-product-hero-1080x1920.png` (the same in the ZIP and on download). */
export function exportFileName(templateId: string, sizeId: PlacementSizeId, extension: 'png' | 'jpg' = 'png'): string {
  const size = placementSizes[sizeId];
  return `adsmith-${templateId}-${size.width}x${size.height}.${extension}`;
}

/**
 * The ZIP of an export, named after the design and its version, e.g. `adsmith-spring-sale-v3.zip`; without a version
 * (a design changed since it was saved, zipped in the browser) `adsmith-spring-sale.zip`.
 */
export function exportZipName(designName: string, version?: number): string {
  return `adsmith-${designSlug(designName)}${version === undefined ? '' : `-v${version}`}.zip`;
}

/** A video ad's file, e.g. `adsmith-spring-sale-v3-1080x1920-10s.mp4`. */
export function videoFileName(designName: string, version: number, sizeId: PlacementSizeId, seconds: number): string {
  const size = placementSizes[sizeId];
  return `adsmith-${designSlug(designName)}-v${version}-${size.width}x${size.height}-${seconds}s.mp4`;
}

function designSlug(designName: string): string {
  const slug = designName
    .normalize('NFKD')
    // NFKD splits "é" into "e" and a combining accent: drop the accent, or it would cut the word in two.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'design';
}
