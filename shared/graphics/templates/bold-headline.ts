import { type Design } from '../design-schema';
import { type LayoutTree } from '../layout-tree';
import { type PlacementSize } from '../placement-sizes';
import { belowLogo, column, flatBackdrop, logoNode, templateContext, textStack } from './template-kit';

/** Bold headline on colour: the accent colour full bleed, a huge headline, a line of body and the CTA. No photo. */
export function boldHeadline(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const canvas = design.colours.accent;
  const backdrop = flatBackdrop(canvas);
  const inverted = {
    ...design,
    colours: {
      ...design.colours,
      accent: design.colours.background,
      onAccent: design.colours.accent,
      text: design.colours.onAccent,
    },
  };
  const inv = { ...ctx, design: inverted };
  const nodes = column(inv, belowLogo(inv), textStack(design, { headline: 5, body: 2, cta: 1.2 }), {
    align: design.align,
    vAlign: 'center',
    backdrop,
    gap: Math.round(40 * Math.max(ctx.scale, 0.6)),
  });
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: canvas,
    nodes: [...logoNode(inv), ...nodes],
  };
}
