import { type Design } from '@shared/graphics/design-schema';
import { type FontId, type FontWeight } from '@shared/graphics/font-catalogue';
import { type PlacementSizeId } from '@shared/graphics/placement-sizes';
import { fontsNeeded, type LoadedFont, renderDesignSvg } from '@shared/graphics/render-svg';
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff?url';
import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff?url';
import loraBold from '@fontsource/lora/files/lora-latin-700-normal.woff?url';
import loraRegular from '@fontsource/lora/files/lora-latin-400-normal.woff?url';
import montserratBold from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff?url';
import montserratRegular from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff?url';
import oswaldBold from '@fontsource/oswald/files/oswald-latin-700-normal.woff?url';
import oswaldRegular from '@fontsource/oswald/files/oswald-latin-400-normal.woff?url';
import playfairBold from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff?url';
import playfairRegular from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff?url';
import resvgWasmUrl from '@resvg/resvg-wasm/index_bg.wasm?url';
import type { rasterise as rasteriseType } from '@shared/graphics/rasterise';
import { resolveDesignImages } from './asset-images';
import { type GraphicsRenderer } from './graphics-renderer';

/**
 * The browser side of the one renderer. Font files and resvg's WASM are emitted by Vite as separate assets and
 * fetched on first use, so this chunk (loaded only with the editor) stays small, and the 2.4 MB WASM is fetched only
 * when something is exported: the live preview shows satori's SVG itself.
 */
const fontUrls: Record<`${FontId}-${FontWeight}`, string> = {
  'inter-400': interRegular,
  'inter-700': interBold,
  'montserrat-400': montserratRegular,
  'montserrat-700': montserratBold,
  'playfair-display-400': playfairRegular,
  'playfair-display-700': playfairBold,
  'oswald-400': oswaldRegular,
  'oswald-700': oswaldBold,
  'lora-400': loraRegular,
  'lora-700': loraBold,
};

const fontCache = new Map<string, Promise<LoadedFont>>();

function loadFont(id: FontId, weight: FontWeight): Promise<LoadedFont> {
  const key = `${id}-${weight}` as const;
  let font = fontCache.get(key);
  if (!font) {
    font = fetch(fontUrls[key]).then(async (response) => {
      if (!response.ok) throw new Error(`Could not load the ${id} font (${response.status}).`);
      return { id, weight, data: await response.arrayBuffer() };
    });
    // A failed load is retried next time rather than cached.
    font.catch(() => fontCache.delete(key));
    fontCache.set(key, font);
  }
  return font;
}

let wasm: Promise<{ rasterise: typeof rasteriseType }> | null = null;

function rasteriser() {
  wasm ??= (async () => {
    const [{ initWasm }, rasterise] = await Promise.all([
      import('@resvg/resvg-wasm'),
      import('@shared/graphics/rasterise'),
    ]);
    await initWasm(fetch(resvgWasmUrl));
    return rasterise;
  })();
  wasm.catch(() => {
    wasm = null;
  });
  return wasm;
}

async function svg(design: Design, sizeId: PlacementSizeId): Promise<string> {
  const [fonts, images] = await Promise.all([
    Promise.all(fontsNeeded(design).map(({ id, weight }) => loadFont(id, weight))),
    resolveDesignImages(design),
  ]);
  return renderDesignSvg(design, sizeId, images, fonts);
}

export const browserRenderer: GraphicsRenderer = {
  svg,
  async png(design, sizeId) {
    const [markup, { rasterise }] = await Promise.all([svg(design, sizeId), rasteriser()]);
    return rasterise(markup).png;
  },
};
