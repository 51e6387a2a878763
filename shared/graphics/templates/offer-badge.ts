import { type Design } from '../design-schema';
import { type Backdrop, type LayoutTree } from '../layout-tree';
import { type PlacementSize } from '../placement-sizes';
import {
  belowLogo,
  column,
  fullBleedImage,
  isLandscape,
  logoNode,
  rect,
  roleStyle,
  splitHorizontally,
  templateContext,
  textNode,
  type TemplateContext,
  textStack,
} from './template-kit';

/** Offers this short ("-30 %", "NEW", "2 for 1") read as one unit: never broken over two lines. */
export const ONE_LINE_BADGE_CHARS = 8;

/**
 * The badge's text style: a short offer keeps to one line (the fitter then picks the largest size that fits on one
 * line, and the badge grows from the text when even the minimum does not), a longer one may take two.
 */
function badgeStyle(ctx: TemplateContext, colour?: string) {
  const style = roleStyle(ctx, 'badge', colour);
  return [...ctx.design.texts.badge.trim()].length <= ONE_LINE_BADGE_CHARS ? { ...style, maxLines: 1 } : style;
}

/** The discount badge: a round accent badge with the offer text fitted inside it, centred in its frame. */
function badge(
  ctx: TemplateContext,
  frame: { x: number; y: number; width: number; height: number },
  align: 'left' | 'center',
) {
  const text = ctx.design.texts.badge.trim();
  if (text === '') return [];
  const diameter = Math.min(frame.width, frame.height);
  const x = align === 'center' ? frame.x + (frame.width - diameter) / 2 : frame.x;
  const circle = rect(
    'badge-circle',
    { x: Math.round(x), y: frame.y, width: diameter, height: diameter },
    ctx.design.colours.accent,
    {
      radius: diameter / 2,
    },
  );
  // The largest square inside the circle holds the text.
  const inner = diameter / Math.SQRT2;
  const innerFrame = {
    x: Math.round(x + (diameter - inner) / 2),
    y: Math.round(frame.y + (diameter - inner) / 2),
    width: Math.floor(inner),
    height: Math.floor(inner),
  };
  const label = textNode(
    ctx,
    'badge',
    'badge',
    text,
    innerFrame,
    badgeStyle(ctx, ctx.design.colours.onAccent),
    'center',
    {
      kind: 'colour',
      colour: ctx.design.colours.accent,
    },
    'center',
  );
  return [circle, label];
}

/** The smallest badge whose inner square holds the offer text at its minimum size. */
function badgeMinHeight(ctx: TemplateContext, width: number): number {
  const text = ctx.design.texts.badge.trim();
  if (text === '') return 0;
  const style = badgeStyle(ctx);
  for (let diameter = Math.round(160 * Math.max(ctx.scale, 0.6)); diameter < width; diameter += 10) {
    const inner = Math.floor(diameter / Math.SQRT2);
    const fit = textNode(
      ctx,
      'm',
      'badge',
      text,
      { x: 0, y: 0, width: inner, height: inner },
      { ...style, max: style.min },
      'center',
      {
        kind: 'colour',
        colour: '#000000',
      },
    ).fit;
    if (fit.fits) return diameter;
  }
  return width;
}

/** Offer: the photo (or brand colour) behind, a big round badge with the discount, headline, body and CTA. */
export function offerBadge(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const photo = fullBleedImage(ctx, 'background');
  const scrimOpacity = 0.62;
  const backdrop: Backdrop =
    photo.length > 0
      ? { kind: 'image', scrim: { colour: design.colours.background, opacity: scrimOpacity } }
      : { kind: 'colour', colour: design.colours.background };
  const scrim =
    photo.length > 0
      ? [
          rect('scrim', { x: 0, y: 0, width: size.width, height: size.height }, design.colours.background, {
            opacity: scrimOpacity,
          }),
        ]
      : [];
  const region = belowLogo(ctx);
  const align = design.align;
  const texts = textStack(design, { headline: 3, body: 2, cta: 1.2 });
  let nodes;
  if (isLandscape(ctx)) {
    const [left, right] = splitHorizontally(region, 0.36, ctx.padding);
    nodes = [
      ...column(
        ctx,
        left,
        [
          {
            kind: 'nodes',
            share: 1,
            build: (frame) => badge(ctx, frame, 'center'),
            minHeight: (w) => badgeMinHeight(ctx, w),
          },
        ],
        {
          align: 'center',
          vAlign: 'center',
          backdrop,
        },
      ),
      ...column(ctx, right, texts, { align: 'left', vAlign: 'center', backdrop }),
    ];
  } else {
    nodes = column(
      ctx,
      region,
      [
        {
          kind: 'nodes',
          share: size.id === 'square' ? 3 : 3.6,
          build: (frame) => badge(ctx, frame, align),
          minHeight: (w) => badgeMinHeight(ctx, w),
        },
        ...texts,
      ],
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
    nodes: [...photo, ...scrim, ...logoNode(ctx), ...nodes],
  };
}
