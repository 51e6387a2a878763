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
  splitHorizontally,
  templateContext,
  textStack,
} from './template-kit';

/** Event: the date huge in the accent colour, the event name, where, and the CTA; photo behind under a scrim. */
export function eventDate(design: Design, size: PlacementSize): LayoutTree {
  const ctx = templateContext(design, size);
  const photo = fullBleedImage(ctx, 'background');
  const scrimOpacity = 0.7;
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
  const dateItem = {
    kind: 'text' as const,
    id: 'event-date',
    role: 'event-date' as const,
    text: design.texts.eventDate,
    share: 2.6,
    colour: design.colours.accent,
  };
  const rest = textStack(design, { headline: 3, body: 1.6, cta: 1.1 }, [
    { kind: 'text', id: 'event-place', role: 'event-place', text: design.texts.eventPlace, share: 1 },
  ]);
  let nodes;
  if (isLandscape(ctx)) {
    const [left, right] = splitHorizontally(region, 0.38, ctx.padding);
    nodes = [
      ...column(ctx, left, [{ ...dateItem, share: 1 }], { align: 'left', vAlign: 'center', backdrop }),
      ...column(ctx, right, rest, { align: 'left', vAlign: 'center', backdrop }),
    ];
  } else {
    nodes = column(ctx, region, [dateItem, ...rest], { align: design.align, vAlign: 'center', backdrop });
  }
  return {
    sizeId: size.id,
    width: size.width,
    height: size.height,
    background: design.colours.background,
    nodes: [...photo, ...scrim, ...logoNode(ctx), ...nodes],
  };
}
