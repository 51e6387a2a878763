import { type DesignImageSlot } from './design-schema';
import { type FontId, type FontWeight } from './font-catalogue';
import { type Box, type PlacementSizeId } from './placement-sizes';
import { type FitResult } from './text-fit';

/**
 * What a template produces for one size: positioned boxes, drawn in order. The renderer draws exactly this tree and
 * the checks read it, so what is checked is what is drawn.
 */

/** What is behind a text, for the contrast check: a flat colour, or a photo under a scrim of some opacity. */
export type Backdrop =
  { kind: 'colour'; colour: string } | { kind: 'image'; scrim: { colour: string; opacity: number } | null };

export type TextRole =
  | 'headline'
  | 'body'
  | 'cta'
  | 'badge'
  | 'quote'
  | 'attribution'
  | 'feature'
  | 'event-date'
  | 'event-place'
  | 'caption';

export interface TextNode {
  kind: 'text';
  id: string;
  role: TextRole;
  /** The frame the text was fitted into. */
  frame: Box;
  /** Where the fitted lines actually sit (inside the frame). */
  box: Box;
  fit: FitResult;
  minFontSize: number;
  font: FontId;
  weight: FontWeight;
  colour: string;
  align: 'left' | 'center';
  uppercase: boolean;
  letterSpacingEm: number;
  backdrop: Backdrop;
}

export interface RectNode {
  kind: 'rect';
  id: string;
  box: Box;
  fill: string;
  opacity: number;
  radius: number;
  stroke?: { colour: string; width: number };
  /** A vertical gradient from transparent to `fill` (scrims under text over photos). */
  fade?: 'to-bottom' | 'to-top';
}

export interface ImageNode {
  kind: 'image';
  id: string;
  slot: DesignImageSlot;
  box: Box;
  fit: 'cover' | 'contain';
  radius: number;
}

export type LayoutNode = TextNode | RectNode | ImageNode;

export interface LayoutTree {
  sizeId: PlacementSizeId;
  width: number;
  height: number;
  background: string;
  nodes: LayoutNode[];
}
