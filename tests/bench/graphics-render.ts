import { defaultDesign } from '@shared/graphics/design-schema';
import { placementSizeIds } from '@shared/graphics/placement-sizes';
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
