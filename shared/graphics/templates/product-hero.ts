import { type Design } from '../design-schema';
import { type LayoutTree } from '../layout-tree';
import { type PlacementSize } from '../placement-sizes';
import {
  belowLogo,
  column,
  flatBackdrop,
  isLandscape,
  logoNode,
  splitHorizontally,
  templateContext,
  textStack,
} from './template-kit';

/** Product hero: the product shot large, headline, one line of body and the CTA under it (beside it on 1.91:1). */
export function productHero(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const backdrop = flatBackdrop(design.colours.background);
  const region = belowLogo(ctx);
  const align = design.align;
  const texts = textStack(design, { headline: 3, body: 2.2, cta: 1.2 });
  let nodes;
  if (isLandscape(ctx)) {
    const [left, right] = splitHorizontally(region, 0.42, ctx.padding);
    nodes = [
      ...column(ctx, left, [{ kind: 'image', slot: 'product', share: 1, fit: 'contain' }], {
        align,
        vAlign: 'center',
        backdrop,
      }),
      ...column(ctx, right, texts, { align: 'left', vAlign: 'center', backdrop }),
    ];
  } else {
    nodes = column(
      ctx,
      region,
      [{ kind: 'image', slot: 'product', share: size.id === 'square' ? 4 : 6, fit: 'contain' }, ...texts],
      {
        align,
        vAlign: 'center',
        backdrop,
      },
    );
  }
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: design.colours.background,
    nodes: [...logoNode(ctx), ...nodes],
  };
}
