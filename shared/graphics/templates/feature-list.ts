import { type Design } from '../design-schema';
import { type LayoutNode, type LayoutTree } from '../layout-tree';
import { type Box, type PlacementSize } from '../placement-sizes';
import {
  belowLogo,
  column,
  flatBackdrop,
  isLandscape,
  logoNode,
  rect,
  roleStyle,
  splitHorizontally,
  templateContext,
  textNode,
  type TemplateContext,
} from './template-kit';

/** One row per feature: an accent bullet and the text beside it, each row fitted into its share of the frame. */
function featureRows(ctx: TemplateContext, frame: Box): LayoutNode[] {
  const features = ctx.design.texts.features.map((f) => f.trim()).filter((f) => f !== '');
  if (features.length === 0) return [];
  const gap = Math.round(16 * Math.max(ctx.scale, 0.6));
  const rowHeight = Math.floor((frame.height - gap * (features.length - 1)) / features.length);
  const bullet = Math.round(22 * Math.max(ctx.scale, 0.6));
  const indent = bullet * 2;
  const backdrop = flatBackdrop(ctx.design.colours.background);
  const nodes: LayoutNode[] = [];
  let y = frame.y;
  features.forEach((feature, i) => {
    const label = textNode(
      ctx,
      `feature-${i + 1}`,
      'feature',
      feature,
      { x: frame.x + indent, y, width: frame.width - indent, height: rowHeight },
      roleStyle(ctx, 'feature'),
      'left',
      backdrop,
    );
    const firstLineMiddle = y + label.fit.lineHeightPx / 2;
    nodes.push(
      rect(
        `feature-bullet-${i + 1}`,
        { x: frame.x, y: Math.round(firstLineMiddle - bullet / 2), width: bullet, height: bullet },
        ctx.design.colours.accent,
        { radius: bullet / 2 },
      ),
    );
    nodes.push({ ...label, frame: { ...label.frame, height: label.fit.height } });
    y += label.fit.height + gap;
  });
  return nodes;
}

/** The height the feature rows need at their minimum font size. */
function featureRowsMinHeight(ctx: TemplateContext, width: number): number {
  const features = ctx.design.texts.features.map((f) => f.trim()).filter((f) => f !== '');
  if (features.length === 0) return 0;
  const gap = Math.round(16 * Math.max(ctx.scale, 0.6));
  const indent = Math.round(22 * Math.max(ctx.scale, 0.6)) * 2;
  const style = roleStyle(ctx, 'feature');
  const heights = features.map(
    (feature) =>
      textNode(
        ctx,
        'm',
        'feature',
        feature,
        { x: 0, y: 0, width: width - indent, height: 100_000 },
        { ...style, max: style.min },
        'left',
        flatBackdrop('#000000'),
      ).fit.height,
  );
  // Every row gets the same share of the frame, so the tallest row sets the pace.
  return Math.max(...heights) * features.length + gap * (features.length - 1);
}

/** Feature list: headline, up to five benefits with bullets, CTA; the product photo beside (1.91:1) or above. */
export function featureList(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const backdrop = flatBackdrop(design.colours.background);
  const region = belowLogo(ctx);
  const items = [
    { kind: 'text' as const, id: 'headline', role: 'headline' as const, text: design.texts.headline, share: 2.4 },
    {
      kind: 'nodes' as const,
      share: 4,
      build: (frame: Box) => featureRows(ctx, frame),
      minHeight: (width: number) => featureRowsMinHeight(ctx, width),
    },
    { kind: 'cta' as const, share: 1.1 },
  ];
  let nodes;
  if (isLandscape(ctx) || size.id === 'square') {
    const [left, right] = splitHorizontally(region, 0.6, ctx.padding);
    nodes = [
      ...column(ctx, left, items, { align: 'left', vAlign: 'center', backdrop }),
      ...column(ctx, right, [{ kind: 'image', slot: 'product', share: 1, fit: 'contain' }], {
        align: 'center',
        vAlign: 'center',
        backdrop,
      }),
    ];
  } else {
    nodes = column(ctx, region, [{ kind: 'image', slot: 'product', share: 3, fit: 'contain' }, ...items], {
      align: 'left',
      vAlign: 'center',
      backdrop,
    });
  }
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: design.colours.background,
    nodes: [...logoNode(ctx), ...nodes],
  };
}
