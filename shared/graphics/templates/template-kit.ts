import { type Design, type DesignImageSlot } from '../design-schema';
import { type FontId, type FontWeight } from '../font-catalogue';
import { type Backdrop, type LayoutNode, type RectNode, type TextNode, type TextRole } from '../layout-tree';
import { type Box, type PlacementSize, safeArea } from '../placement-sizes';
import { fitText } from '../text-fit';

/**
 * The building blocks templates share: a scale per size, the content region (inside Stories/Reels safe zones),
 * the logo corner, and a column that fits each block into its share of the height, then stacks the results.
 */

export interface TemplateContext {
  design: Design;
  size: PlacementSize;
  /** 1 at 1080 px on the short side. */
  scale: number;
  padding: number;
  /** Where text and logos may go: the canvas minus padding, and minus the safe zones on 9:16. */
  content: Box;
}

export function templateContext(design: Design, size: PlacementSize): TemplateContext {
  const scale = Math.min(size.width, size.height) / 1080;
  const padding = Math.round(64 * Math.max(scale, 0.6));
  const safe = safeArea(size.id);
  return {
    design,
    size,
    scale,
    padding,
    content: {
      x: safe.x + padding,
      y: safe.y + padding,
      width: safe.width - 2 * padding,
      height: safe.height - 2 * padding,
    },
  };
}

export interface TextStyle {
  font: FontId;
  weight: FontWeight;
  /** Font sizes at scale 1; the minimum is what the fitter never goes below. */
  max: number;
  min: number;
  lineHeight: number;
  colour: string;
  uppercase?: boolean;
  letterSpacingEm?: number;
  maxLines?: number;
}

/** Role styles from the design's fonts and colours. */
export function roleStyle(ctx: TemplateContext, role: TextRole, colour = ctx.design.colours.text): TextStyle {
  const { heading, body } = ctx.design.fonts;
  switch (role) {
    case 'headline':
      return { font: heading, weight: 700, max: 104, min: 34, lineHeight: 1.12, colour };
    case 'quote':
      return { font: heading, weight: 400, max: 72, min: 28, lineHeight: 1.25, colour };
    case 'badge':
      return { font: heading, weight: 700, max: 96, min: 26, lineHeight: 1.05, colour, uppercase: true, maxLines: 2 };
    case 'event-date':
      return { font: heading, weight: 700, max: 120, min: 32, lineHeight: 1.05, colour, uppercase: true };
    case 'cta':
      return { font: body, weight: 700, max: 44, min: 24, lineHeight: 1.2, colour, maxLines: 1 };
    case 'attribution':
    case 'event-place':
      return { font: body, weight: 700, max: 40, min: 22, lineHeight: 1.25, colour };
    case 'caption':
      return { font: heading, weight: 700, max: 64, min: 26, lineHeight: 1.15, colour };
    case 'feature':
      return { font: body, weight: 400, max: 44, min: 22, lineHeight: 1.25, colour };
    case 'body':
      return { font: body, weight: 400, max: 46, min: 22, lineHeight: 1.35, colour };
  }
}

export function textNode(
  ctx: TemplateContext,
  id: string,
  role: TextRole,
  text: string,
  frame: Box,
  style: TextStyle,
  align: 'left' | 'center',
  backdrop: Backdrop,
  vAlign: 'top' | 'center' | 'bottom' = 'top',
): TextNode {
  // Landscape text is smaller in absolute pixels but never below 60 % of the 1080 minimum: it stays legible.
  const s = Math.max(ctx.scale, 0.6);
  const minFontSize = Math.round(style.min * s);
  const fit = fitText({
    text,
    font: style.font,
    weight: style.weight,
    maxFontSize: Math.max(minFontSize, Math.round(style.max * s)),
    minFontSize,
    lineHeight: style.lineHeight,
    width: frame.width,
    height: frame.height,
    maxLines: style.maxLines,
    uppercase: style.uppercase,
    letterSpacingEm: style.letterSpacingEm,
  });
  const x = align === 'center' ? frame.x + (frame.width - fit.width) / 2 : frame.x;
  const y =
    vAlign === 'top'
      ? frame.y
      : vAlign === 'center'
        ? frame.y + (frame.height - fit.height) / 2
        : frame.y + frame.height - fit.height;
  return {
    kind: 'text',
    id,
    role,
    frame,
    box: { x: Math.round(x), y: Math.round(y), width: Math.ceil(fit.width), height: fit.height },
    fit,
    minFontSize,
    font: style.font,
    weight: style.weight,
    colour: style.colour,
    align,
    uppercase: style.uppercase ?? false,
    letterSpacingEm: style.letterSpacingEm ?? 0,
    backdrop,
  };
}

export function rect(
  id: string,
  box: Box,
  fill: string,
  extra: Partial<Omit<RectNode, 'kind' | 'id' | 'box' | 'fill'>> = {},
): RectNode {
  return { kind: 'rect', id, box, fill, opacity: 1, radius: 0, ...extra };
}

export function moveNode<T extends LayoutNode>(node: T, dy: number): T {
  if (node.kind === 'text') {
    return { ...node, frame: { ...node.frame, y: node.frame.y + dy }, box: { ...node.box, y: node.box.y + dy } };
  }
  return { ...node, box: { ...node.box, y: node.box.y + dy } };
}

/** The CTA button: the label fitted on one line, padded into a button in the design's CTA style. */
export function ctaBlock(
  ctx: TemplateContext,
  frame: Box,
  align: 'left' | 'center',
  backdrop: Backdrop,
  atMinimum = false,
): LayoutNode[] {
  const text = ctx.design.texts.cta.trim();
  if (text === '') return [];
  const { accent, onAccent } = ctx.design.colours;
  const outline = ctx.design.ctaStyle.fill === 'outline';
  const labelColour = outline ? ctx.design.colours.text : onAccent;
  const padX = Math.round(36 * Math.max(ctx.scale, 0.6));
  const padY = Math.round(18 * Math.max(ctx.scale, 0.6));
  const labelFrame = {
    x: frame.x + padX,
    y: frame.y + padY,
    width: frame.width - 2 * padX,
    height: frame.height - 2 * padY,
  };
  const label = textNode(
    ctx,
    'cta',
    'cta',
    text,
    labelFrame,
    atMinimum
      ? { ...roleStyle(ctx, 'cta', labelColour), max: roleStyle(ctx, 'cta').min }
      : roleStyle(ctx, 'cta', labelColour),
    align,
    outline ? backdrop : { kind: 'colour', colour: accent },
  );
  const width = label.box.width + 2 * padX;
  const height = label.fit.height + 2 * padY;
  const x = align === 'center' ? frame.x + (frame.width - width) / 2 : frame.x;
  const radius =
    ctx.design.ctaStyle.shape === 'pill'
      ? height / 2
      : ctx.design.ctaStyle.shape === 'rounded'
        ? Math.round(height / 5)
        : 0;
  const button = rect('cta-button', { x: Math.round(x), y: frame.y, width: Math.round(width), height }, accent, {
    radius,
    ...(outline ? { opacity: 0, stroke: { colour: accent, width: Math.max(3, Math.round(4 * ctx.scale)) } } : {}),
  });
  const labelNode: TextNode = {
    ...label,
    frame: { ...label.frame },
    box: { ...label.box, x: Math.round(x + padX), y: frame.y + padY },
  };
  return [button, labelNode];
}

export type ColumnItem =
  | { kind: 'text'; id: string; role: TextRole; text: string; share: number; colour?: string }
  | { kind: 'cta'; share: number }
  | { kind: 'image'; slot: DesignImageSlot; share: number; fit: 'cover' | 'contain'; radius?: number }
  | {
      kind: 'nodes';
      share: number;
      build: (frame: Box) => LayoutNode[];
      /** The least height the nodes need at this width (their texts at minimum size). */
      minHeight?: (width: number) => number;
    };

/**
 * The headline → body → call-to-action stack most templates end with, by their shares of the column's height;
 * `between` goes after the headline (an event's place). One definition, so every template stacks them alike.
 */
export function textStack(
  design: Design,
  shares: { headline: number; body: number; cta: number },
  between: ColumnItem[] = [],
): ColumnItem[] {
  return [
    { kind: 'text', id: 'headline', role: 'headline', text: design.texts.headline, share: shares.headline },
    ...between,
    { kind: 'text', id: 'body', role: 'body', text: design.texts.body, share: shares.body },
    { kind: 'cta', share: shares.cta },
  ];
}

const UNBOUNDED = 100_000;

/** The least height an item needs in a column of this width: its text at the minimum font size, wrapped. */
function minimumHeight(ctx: TemplateContext, item: ColumnItem, width: number): number {
  const backdrop = flatBackdrop('#000000');
  const frame = { x: 0, y: 0, width, height: UNBOUNDED };
  if (item.kind === 'text') {
    const style = roleStyle(ctx, item.role, item.colour);
    return textNode(ctx, item.id, item.role, item.text, frame, { ...style, max: style.min }, 'left', backdrop).fit
      .height;
  }
  if (item.kind === 'cta') {
    const nodes = ctaBlock(ctx, frame, 'left', backdrop, true);
    return nodes[0]?.box.height ?? 0;
  }
  if (item.kind === 'nodes') return item.minHeight?.(width) ?? 0;
  // Photos give way to text: they shrink first when copy is long.
  return Math.round(48 * ctx.scale);
}

/**
 * Lay items out top to bottom in a region. Each item starts with its share of the height; items whose text cannot
 * fit their share even at the minimum font size get what they need, taken from items with room to spare (photos
 * first, as they have no minimum to speak of). Then each block is fitted into its height, the fitted blocks are
 * stacked with a gap, and the stack is aligned vertically. Empty texts take no room.
 */
export function column(
  ctx: TemplateContext,
  region: Box,
  items: ColumnItem[],
  options: { align: 'left' | 'center'; vAlign: 'top' | 'center' | 'bottom'; backdrop: Backdrop; gap?: number },
): LayoutNode[] {
  const present = items.filter((item) => item.kind !== 'text' || item.text.trim() !== '');
  const gap = options.gap ?? Math.round(28 * Math.max(ctx.scale, 0.6));
  const totalShare = present.reduce((sum, item) => sum + item.share, 0) || 1;
  const available = region.height - gap * Math.max(0, present.length - 1);
  const base = present.map((item) => (available * item.share) / totalShare);
  const need = present.map((item) => minimumHeight(ctx, item, region.width));
  const deficit = present.reduce((sum, _item, i) => sum + Math.max(0, need[i]! - base[i]!), 0);
  const slack = present.map((_item, i) => Math.max(0, base[i]! - need[i]!));
  const totalSlack = slack.reduce((a, b) => a + b, 0);
  const heights = present.map((_item, i) => {
    if (need[i]! >= base[i]!) return need[i]!;
    return base[i]! - (totalSlack > 0 ? Math.min(slack[i]!, (deficit * slack[i]!) / totalSlack) : 0);
  });

  const blocks: { nodes: LayoutNode[]; height: number }[] = [];
  present.forEach((item, i) => {
    const frame = { x: region.x, y: 0, width: region.width, height: Math.floor(heights[i]!) };
    if (item.kind === 'text') {
      const node = textNode(
        ctx,
        item.id,
        item.role,
        item.text,
        frame,
        roleStyle(ctx, item.role, item.colour),
        options.align,
        options.backdrop,
      );
      blocks.push({ nodes: [{ ...node, frame: { ...node.frame, height: node.fit.height } }], height: node.fit.height });
    } else if (item.kind === 'cta') {
      const nodes = ctaBlock(ctx, frame, options.align, options.backdrop);
      const height = nodes[0]?.box.height ?? 0;
      if (nodes.length > 0) blocks.push({ nodes, height });
    } else if (item.kind === 'image') {
      blocks.push({
        nodes: [{ kind: 'image', id: item.slot, slot: item.slot, box: frame, fit: item.fit, radius: item.radius ?? 0 }],
        height: frame.height,
      });
    } else {
      const nodes = item.build(frame);
      const bottom = Math.max(0, ...nodes.map((n) => n.box.y + n.box.height));
      blocks.push({ nodes, height: bottom });
    }
  });
  const used = blocks.reduce((sum, b) => sum + b.height, 0) + gap * Math.max(0, blocks.length - 1);
  let y =
    options.vAlign === 'top'
      ? region.y
      : options.vAlign === 'center'
        ? region.y + (region.height - used) / 2
        : region.y + region.height - used;
  // Never start above the region, even when the copy is too long to fit (the checks report that).
  y = Math.round(Math.max(region.y, y));
  const out: LayoutNode[] = [];
  for (const block of blocks) {
    out.push(...block.nodes.map((node) => moveNode(node, y)));
    y += block.height + gap;
  }
  return out;
}

/** The logo in the content region's top corner (inside the safe area), when the design has one. */
export function logoNode(ctx: TemplateContext, corner: 'left' | 'center' | 'right' = 'left'): LayoutNode[] {
  const logo = ctx.design.images.logo;
  if (!logo) return [];
  const maxHeight = Math.round(84 * Math.max(ctx.scale, 0.6));
  const maxWidth = Math.round(ctx.content.width * 0.35);
  const ratio = logo.width / logo.height;
  const height = Math.min(maxHeight, maxWidth / ratio);
  const width = height * ratio;
  const x =
    corner === 'left'
      ? ctx.content.x
      : corner === 'right'
        ? ctx.content.x + ctx.content.width - width
        : ctx.content.x + (ctx.content.width - width) / 2;
  return [
    {
      kind: 'image',
      id: 'logo',
      slot: 'logo',
      box: { x: Math.round(x), y: ctx.content.y, width: Math.round(width), height: Math.round(height) },
      fit: 'contain',
      radius: 0,
    },
  ];
}

/** The content region below the logo (when there is one). */
export function belowLogo(ctx: TemplateContext, region: Box = ctx.content): Box {
  const logo = logoNode(ctx)[0];
  if (!logo || logo.box.y + logo.box.height <= region.y) return region;
  const top = logo.box.y + logo.box.height + Math.round(24 * Math.max(ctx.scale, 0.6));
  return { ...region, y: top, height: region.y + region.height - top };
}

export function flatBackdrop(colour: string): Backdrop {
  return { kind: 'colour', colour };
}

/** A full-bleed photo, or nothing when the slot is empty. */
export function fullBleedImage(ctx: TemplateContext, slot: DesignImageSlot): LayoutNode[] {
  if (!ctx.design.images[slot]) return [];
  return [
    {
      kind: 'image',
      id: slot,
      slot,
      box: { x: 0, y: 0, width: ctx.size.width, height: ctx.size.height },
      fit: 'cover',
      radius: 0,
    },
  ];
}

export function isLandscape(ctx: TemplateContext): boolean {
  return ctx.size.width / ctx.size.height > 1.4;
}

/** Split a box into two side by side (landscape layouts): [left, right] with a gap. */
export function splitHorizontally(box: Box, leftShare: number, gap: number): [Box, Box] {
  const leftWidth = Math.round((box.width - gap) * leftShare);
  return [
    { ...box, width: leftWidth },
    { ...box, x: box.x + leftWidth + gap, width: box.width - leftWidth - gap },
  ];
}
