import type { ReactNode } from 'react';
import satori from 'satori';
import { type Design, type DesignImageSlot, type ImageRef } from './design-schema';
import { type FontId, type FontWeight, fontIds, fontWeights, fonts } from './font-catalogue';
import { type LayoutNode, type LayoutTree } from './layout-tree';
import { type PlacementSizeId } from './placement-sizes';
import { layoutDesign } from './templates/template-registry';

/**
 * The one renderer: a layout tree → SVG with satori (text drawn as glyph paths from the bundled fonts, so the SVG
 * needs no fonts to display), used by the live preview in the browser and by the export in Lambda. The caller
 * supplies the font files and the images as data URLs; how it loads them is all that differs between the two.
 */

export interface LoadedFont {
  id: FontId;
  weight: FontWeight;
  data: ArrayBuffer;
}

/** Image slot → data: URL of the image to draw. Slots without an entry draw as a placeholder panel. */
export type ResolvedImages = Partial<Record<DesignImageSlot, string>>;

/** The font files a design needs (heading and body, both weights). */
export function fontsNeeded(design: Design): { id: FontId; weight: FontWeight }[] {
  const ids = [...new Set([design.fonts.heading, design.fonts.body])];
  return ids.flatMap((id) => fontWeights.map((weight) => ({ id, weight })));
}

/** Every bundled font file (the browser preloads them all so switching fonts is instant). */
export function allFonts(): { id: FontId; weight: FontWeight }[] {
  return fontIds.flatMap((id) => fontWeights.map((weight) => ({ id, weight })));
}

/** The image a slot draws when the design refers to a data: URL (local pick); asset images are resolved by callers. */
export function inlineImageUrl(ref: ImageRef | undefined): string | undefined {
  return ref?.kind === 'data' ? ref.url : undefined;
}

type Element = { type: string; props: Record<string, unknown> };

function el(
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Element {
  return { type, props: { style, ...(children === undefined ? {} : { children }), ...extra } };
}

function positioned(box: { x: number; y: number; width: number; height: number }): Record<string, unknown> {
  return { position: 'absolute', left: box.x, top: box.y, width: box.width, height: box.height };
}

function nodeElement(node: LayoutNode, images: ResolvedImages, placeholder: string): Element {
  if (node.kind === 'rect') {
    const style: Record<string, unknown> = { ...positioned(node.box), display: 'flex', borderRadius: node.radius };
    if (node.fade) {
      style.backgroundImage = `linear-gradient(${node.fade === 'to-bottom' ? 'to bottom' : 'to top'}, transparent, ${node.fill})`;
    } else if (node.opacity > 0) {
      style.backgroundColor = node.fill;
      style.opacity = node.opacity;
    }
    if (node.stroke) style.border = `${node.stroke.width}px solid ${node.stroke.colour}`;
    return el('div', style);
  }
  if (node.kind === 'image') {
    const src = images[node.slot];
    if (!src) {
      // An empty slot shows where the image goes, in the accent colour, so the layout reads the same.
      return el('div', {
        ...positioned(node.box),
        display: 'flex',
        borderRadius: node.radius,
        backgroundColor: placeholder,
        opacity: 0.22,
      });
    }
    return el('img', { ...positioned(node.box), objectFit: node.fit, borderRadius: node.radius }, undefined, {
      src,
      width: node.box.width,
      height: node.box.height,
    });
  }
  const font = fonts[node.font].family;
  const lines = node.fit.lines.map((line) =>
    el(
      'div',
      {
        display: 'flex',
        fontFamily: font,
        fontWeight: node.weight,
        fontSize: node.fit.fontSize,
        lineHeight: `${node.fit.lineHeightPx}px`,
        height: node.fit.lineHeightPx,
        color: node.colour,
        whiteSpace: 'pre',
        letterSpacing: node.letterSpacingEm * node.fit.fontSize,
      },
      line,
    ),
  );
  return el(
    'div',
    {
      position: 'absolute',
      left: node.frame.x,
      top: node.box.y,
      width: node.frame.width,
      height: node.fit.height,
      display: 'flex',
      flexDirection: 'column',
      alignItems: node.align === 'center' ? 'center' : 'flex-start',
    },
    lines,
  );
}

/** The satori element tree of a layout (exported for tests). */
export function layoutElement(tree: LayoutTree, images: ResolvedImages, placeholder: string): Element {
  return el(
    'div',
    {
      display: 'flex',
      position: 'relative',
      width: tree.width,
      height: tree.height,
      backgroundColor: tree.background,
      overflow: 'hidden',
    },
    tree.nodes.map((node) => nodeElement(node, images, placeholder)),
  );
}

export async function renderLayoutSvg(
  tree: LayoutTree,
  images: ResolvedImages,
  loadedFonts: readonly LoadedFont[],
  placeholder: string,
): Promise<string> {
  return satori(layoutElement(tree, images, placeholder) as unknown as ReactNode, {
    width: tree.width,
    height: tree.height,
    fonts: loadedFonts.map((f) => ({
      name: fonts[f.id].family,
      data: f.data,
      weight: f.weight,
      style: 'normal' as const,
    })),
  });
}

/** Design → SVG at one placement size. */
export async function renderDesignSvg(
  design: Design,
  sizeId: PlacementSizeId,
  images: ResolvedImages,
  loadedFonts: readonly LoadedFont[],
): Promise<string> {
  return renderLayoutSvg(layoutDesign(design, sizeId), images, loadedFonts, design.colours.accent);
}
