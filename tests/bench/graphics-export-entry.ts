import { defaultDesign } from '@shared/graphics/design-schema';
import { placementSizeIds } from '@shared/graphics/placement-sizes';
import { renderDesignImage } from '@lambdas/lib/graphics-render/render-design-image';

/**
 * Bundled by tests/bench/graphics-export.ts exactly as the export function is (same esbuild settings, the fonts and
 * WASM copied beside it), so the renderer reads its files the way it does in Lambda. `run` renders the four sizes
 * one after the other, as an export does: the first time from cold (WASM compiled, fonts read), then warm.
 */
const design = defaultDesign({
  templateId: 'offer-badge',
  texts: {
    ...defaultDesign().texts,
    headline: 'Summer sale: everything for the beach',
    body: 'Free shipping over $50.',
    badge: '-30 %',
  },
});

async function fourSizes(): Promise<number> {
  const started = performance.now();
  for (const sizeId of placementSizeIds) await renderDesignImage(design, sizeId, {}, 'png');
  return performance.now() - started;
}

export async function run(rounds: number): Promise<{ coldMs: number; warmMs: number[] }> {
  const coldMs = await fourSizes();
  const warmMs: number[] = [];
  for (let i = 0; i < rounds; i++) warmMs.push(await fourSizes());
  return { coldMs, warmMs };
}
