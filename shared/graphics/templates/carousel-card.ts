import { type Design } from '../design-schema';
import { type LayoutTree } from '../layout-tree';
import { type PlacementSize } from '../placement-sizes';
import {
  column,
  flatBackdrop,
  isLandscape,
  logoNode,
  rect,
  splitHorizontally,
  templateContext,
  textStack,
} from './template-kit';

/** Carousel card: a rounded card on the brand colour, photo on top (left on 1.91:1), headline, body and CTA below. */
export function carouselCard(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const logo = logoNode(ctx);
  const cardTop = logo.length > 0 ? logo[0]!.box.y + logo[0]!.box.height + Math.round(ctx.padding / 2) : ctx.content.y;
  const card = {
    x: ctx.content.x,
    y: cardTop,
    width: ctx.content.width,
    height: ctx.content.y + ctx.content.height - cardTop,
  };
  const cardColour = design.colours.text;
  const onCard = { ...design, colours: { ...design.colours, text: design.colours.background } };
  const cardCtx = { ...ctx, design: onCard };
  const backdrop = flatBackdrop(cardColour);
  const pad = Math.round(40 * Math.max(ctx.scale, 0.6));
  const inner = { x: card.x + pad, y: card.y + pad, width: card.width - 2 * pad, height: card.height - 2 * pad };
  const texts = textStack(design, { headline: 3, body: 2, cta: 1.2 });
  const radius = Math.round(32 * Math.max(ctx.scale, 0.6));
  let nodes;
  if (isLandscape(ctx)) {
    const [left, right] = splitHorizontally(inner, 0.45, pad);
    nodes = [
      ...column(cardCtx, left, [{ kind: 'image', slot: 'product', share: 1, fit: 'cover', radius }], {
        align: 'center',
        vAlign: 'center',
        backdrop,
      }),
      ...column(cardCtx, right, texts, { align: 'left', vAlign: 'center', backdrop }),
    ];
  } else {
    nodes = column(
      cardCtx,
      inner,
      [{ kind: 'image', slot: 'product', share: size.id === 'square' ? 4 : 6, fit: 'cover', radius }, ...texts],
      {
        align: design.align,
        vAlign: 'top',
        backdrop,
      },
    );
  }
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: design.colours.background,
    nodes: [...logo, rect('card', card, cardColour, { radius: radius + pad / 2 }), ...nodes],
  };
}
