import { CAROUSEL_EXPORT_SIZES, designsToDraw } from '@shared/graphics/carousel-design';
import { defaultDesign } from '@shared/graphics/design-schema';
import { placementSizeIds } from '@shared/graphics/placement-sizes';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { prepareRenderer, renderDesignImage } from '@lambdas/lib/graphics-render/render-design-image';
import { percentile } from './percentiles';

/**
 * Render time of the four sizes of one design to PNG with the one renderer (Node entry: layout, satori, resvg-wasm),
 * after a warm-up that loads the WASM and fonts (a warm export function's case). Issue 11 target: ≤ 1.5 s.
 */
export async function measureGraphicsRender(
  rounds = 10,
): Promise<{ p50Ms: number; p99Ms: number; rounds: number; pngBytes: number }> {
  const design = defaultDesign({
    templateId: 'offer-badge',
    texts: {
      ...defaultDesign().texts,
      headline: 'Summer sale: everything for the beach',
      body: 'Free shipping over $50.',
      badge: '-30 %',
    },
  });
  await prepareRenderer(design);
  const times: number[] = [];
  let pngBytes = 0;
  for (let round = 0; round < rounds + 1; round += 1) {
    const started = performance.now();
    const images = await Promise.all(placementSizeIds.map((sizeId) => renderDesignImage(design, sizeId, {}, 'png')));
    if (round > 0) times.push(performance.now() - started);
    pngBytes = images.reduce((sum, png) => sum + png.byteLength, 0);
  }
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), rounds, pngBytes };
}

/**
 * Render time of a carousel export's images (issue 29 req 7): 5 cards, each with its own 1200×1200 photo, at the two
 * sizes Meta shows cards in (1:1 and 4:5), 10 PNGs drawn one after another as the export function draws them.
 */
export async function measureCarouselRender(
  rounds = 3,
  { warmUp = true }: { warmUp?: boolean } = {},
): Promise<{ p50Ms: number; p99Ms: number; rounds: number; images: number; pngBytes: number; warmed: boolean }> {
  const pixels = new Uint8Array(1200 * 1200 * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([40 + (i % 180), 120, 200], i);
  const photo = encodePng(1200, 1200, pixels);
  const cards = [1, 2, 3, 4, 5].map((n) => ({
    headline: `Handmade mug no. ${n}: stoneware, 350 ml`,
    link: `https://shop.example.com/mugs/${n}`,
    image: {
      kind: 'asset' as const,
      key: `bench/photo-${n}.png`,
      width: 1200,
      height: 1200,
      mimeType: 'image/png' as const,
    },
  }));
  const assets = Object.fromEntries(cards.map((card) => [card.image.key, new Uint8Array(photo)]));
  const design = defaultDesign({ templateId: 'carousel-card', cards });
  const drawn = designsToDraw(design);
  await prepareRenderer(drawn[0]!);
  const times: number[] = [];
  let pngBytes = 0;
  let images = 0;
  const skipped = warmUp ? 1 : 0;
  for (let round = 0; round < rounds + skipped; round += 1) {
    const started = performance.now();
    pngBytes = 0;
    images = 0;
    for (const card of drawn) {
      for (const sizeId of CAROUSEL_EXPORT_SIZES) {
        pngBytes += (await renderDesignImage(card, sizeId, assets, 'png')).byteLength;
        images += 1;
      }
    }
    if (round >= skipped) times.push(performance.now() - started);
  }
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), rounds, images, pngBytes, warmed: warmUp };
}
