import { type Design } from '../design-schema';
import { type LayoutTree } from '../layout-tree';
import { type PlacementSize } from '../placement-sizes';
import {
  belowLogo,
  column,
  flatBackdrop,
  isLandscape,
  logoNode,
  rect,
  splitHorizontally,
  templateContext,
} from './template-kit';

/** Testimonial: an accent rule, the customer's quote large, who said it, and the CTA; the product photo beside on 1.91:1. */
export function testimonial(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const backdrop = flatBackdrop(design.colours.background);
  const region = belowLogo(ctx);
  const align = design.align;
  const ruleWidth = Math.round(120 * Math.max(ctx.scale, 0.6));
  const ruleHeight = Math.max(6, Math.round(12 * ctx.scale));
  const items = [
    {
      kind: 'nodes' as const,
      share: 0.3,
      build: (frame: { x: number; width: number }) => [
        rect(
          'quote-rule',
          {
            x: align === 'center' ? Math.round(frame.x + (frame.width - ruleWidth) / 2) : frame.x,
            y: 0,
            width: ruleWidth,
            height: ruleHeight,
          },
          design.colours.accent,
          {
            radius: ruleHeight / 2,
          },
        ),
      ],
    },
    {
      kind: 'text' as const,
      id: 'quote',
      role: 'quote' as const,
      text: design.texts.quote || design.texts.headline,
      share: 5,
    },
    {
      kind: 'text' as const,
      id: 'attribution',
      role: 'attribution' as const,
      text: design.texts.attribution,
      share: 1,
      colour: design.colours.accent,
    },
    { kind: 'cta' as const, share: 1.1 },
  ];
  let nodes;
  if (isLandscape(ctx) && (design.images.product || design.images.background)) {
    const [left, right] = splitHorizontally(region, 0.62, ctx.padding);
    nodes = [
      ...column(ctx, left, items, { align: 'left', vAlign: 'center', backdrop }),
      ...column(
        ctx,
        right,
        [
          {
            kind: 'image',
            slot: design.images.product ? 'product' : 'background',
            share: 1,
            fit: 'cover',
            radius: Math.round(24 * ctx.scale),
          },
        ],
        {
          align: 'center',
          vAlign: 'center',
          backdrop,
        },
      ),
    ];
  } else {
    nodes = column(ctx, region, items, { align, vAlign: 'center', backdrop });
  }
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: design.colours.background,
    nodes: [...logoNode(ctx), ...nodes],
  };
}
