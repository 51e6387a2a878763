import { type Design } from '../design-schema';
import { type LayoutTree } from '../layout-tree';
import { type PlacementSize } from '../placement-sizes';
import { column, flatBackdrop, fullBleedImage, logoNode, rect, templateContext } from './template-kit';

/** Photo with caption bar: the photo full bleed and a solid accent bar with the caption (or headline) and CTA. */
export function photoCaption(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const photo = fullBleedImage(ctx, design.images.background ? 'background' : 'product');
  const barBackdrop = flatBackdrop(design.colours.accent);
  const onBar = {
    ...design,
    colours: {
      ...design.colours,
      text: design.colours.onAccent,
      accent: design.colours.background,
      onAccent: design.colours.accent,
    },
  };
  const barCtx = { ...ctx, design: onBar };
  const caption = design.texts.caption.trim() !== '' ? design.texts.caption : design.texts.headline;
  // The bar sits at the bottom of the content region: on 9:16 that is above the Reels UI band, never under it.
  const barHeight = Math.round(
    ctx.content.height * (size.id === 'landscape' ? 0.46 : size.id === 'story' ? 0.5 : 0.36),
  );
  const bar = {
    x: 0,
    y: ctx.content.y + ctx.content.height + ctx.padding - barHeight,
    width: size.width,
    height: barHeight,
  };
  const inner = {
    x: ctx.content.x,
    y: bar.y + Math.round(ctx.padding * 0.6),
    width: ctx.content.width,
    height: barHeight - Math.round(ctx.padding * 1.2),
  };
  const nodes = column(
    barCtx,
    inner,
    [
      { kind: 'text', id: 'caption', role: 'caption', text: caption, share: 3 },
      { kind: 'cta', share: 1.3 },
    ],
    { align: design.align, vAlign: 'center', backdrop: barBackdrop, gap: Math.round(20 * Math.max(ctx.scale, 0.6)) },
  );
  const placeholder =
    photo.length === 0
      ? [rect('photo-placeholder', { x: 0, y: 0, width: size.width, height: bar.y }, design.colours.background)]
      : [];
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: design.colours.background,
    nodes: [...photo, ...placeholder, rect('caption-bar', bar, design.colours.accent), ...logoNode(ctx), ...nodes],
  };
}
