import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import { type FontId, type FontWeight } from '@shared/graphics/font-catalogue';
import { type PlacementSizeId } from '@shared/graphics/placement-sizes';
import { rasterise } from '@shared/graphics/rasterise';
import { fontAssetName, GRAPHICS_ASSETS_DIR, graphicsAssetFiles } from '@shared/graphics/render-assets';
import {
  fontsNeeded,
  inlineImageUrl,
  type LoadedFont,
  renderDesignSvg,
  type ResolvedImages,
} from '@shared/graphics/render-svg';
import { encodeJpeg } from './encode-jpeg';
import { ensureResvg } from './resvg-wasm';

/**
 * The Node entry of the one renderer (export Lambda, benchmark, tests): the same shared layout + satori + resvg as the
 * browser preview, with fonts and the resvg .wasm read from disk.
 *
 * Where the files are: a bundled handler (the export function in AWS and on the twin) reads them from
 * `graphics-assets/` beside its `index.mjs`, where bundling copied them (shared/graphics/render-assets.ts lists
 * them); a missing file there fails loudly rather than being looked up elsewhere. Run from source (tests, the
 * benchmark under tsx) they come from the installed npm packages.
 */
export type ImageFormat = 'png' | 'jpeg';

/** Image bytes of asset keys the design refers to (the export reads them from the assets bucket). */
export type AssetBytes = Record<string, Uint8Array>;

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const runFromSource = import.meta.url.endsWith('.ts');

async function readAsset(name: string): Promise<Buffer> {
  const entry = graphicsAssetFiles().find((f) => f.name === name);
  if (!entry) throw new Error(`Unknown graphics asset ${name}`);
  if (runFromSource) return readFile(require.resolve(entry.packagePath));
  return readFile(path.join(here, GRAPHICS_ASSETS_DIR, name));
}

const fontCache = new Map<string, Promise<LoadedFont>>();

function loadFont(id: FontId, weight: FontWeight): Promise<LoadedFont> {
  const key = `${id}-${weight}`;
  let font = fontCache.get(key);
  if (!font) {
    font = readAsset(fontAssetName(id, weight)).then((bytes) => ({
      id,
      weight,
      data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    }));
    fontCache.set(key, font);
  }
  return font;
}

function sniffMime(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  // RIFF....WEBP: uploads may be WebP (product and background photos).
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return 'image/svg+xml';
}

/** Data URLs for every image slot: inline data: refs as they are, asset refs from the bytes given. */
export function resolveImages(design: Design, assets: AssetBytes): ResolvedImages {
  const images: ResolvedImages = {};
  for (const [slot, ref] of Object.entries(design.images) as [DesignImageSlot, Design['images'][DesignImageSlot]][]) {
    if (!ref) continue;
    if (ref.kind === 'data') images[slot] = inlineImageUrl(ref);
    else {
      const bytes = assets[ref.key];
      if (!bytes) throw new Error(`The image ${ref.key} was not supplied to the renderer.`);
      images[slot] = `data:${sniffMime(bytes)};base64,${Buffer.from(bytes).toString('base64')}`;
    }
  }
  return images;
}

/** Loads the WASM module and the fonts the design needs (cached for the life of the process). */
export async function prepareRenderer(design: Design): Promise<LoadedFont[]> {
  await ensureResvg();
  return Promise.all(fontsNeeded(design).map(({ id, weight }) => loadFont(id, weight)));
}

export async function renderDesignSvgNode(
  design: Design,
  sizeId: PlacementSizeId,
  assets: AssetBytes = {},
): Promise<string> {
  const loaded = await prepareRenderer(design);
  return renderDesignSvg(design, sizeId, resolveImages(design, assets), loaded);
}

/** Design → PNG or JPEG bytes at one placement size: what the export stores and hands to Meta. */
export async function renderDesignImage(
  design: Design,
  sizeId: PlacementSizeId,
  assets: AssetBytes = {},
  format: ImageFormat = 'png',
): Promise<Uint8Array> {
  const svg = await renderDesignSvgNode(design, sizeId, assets);
  const raster = rasterise(svg, { wantPixels: format === 'jpeg' });
  return format === 'png' ? raster.png : encodeJpeg(raster.pixels, raster.width, raster.height);
}
