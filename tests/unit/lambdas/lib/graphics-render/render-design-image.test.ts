import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { defaultDesign } from '@shared/graphics/design-schema';
import { type TextNode } from '@shared/graphics/layout-tree';
import { placementSizes } from '@shared/graphics/placement-sizes';
import { rasterise } from '@shared/graphics/rasterise';
import { renderLayoutSvg } from '@shared/graphics/render-svg';
import { layoutDesign } from '@shared/graphics/templates/template-registry';
import {
  prepareRenderer,
  renderDesignImage,
  renderDesignSvgNode,
} from '@lambdas/lib/graphics-render/render-design-image';
import { textSets } from '@tests/unit/shared/graphics/design-fixtures';

function pngSize(png: Uint8Array): [number, number] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('renderDesignImage (Node entry of the one renderer)', () => {
  it('renders PNG at the exact pixel size of each placement', async () => {
    for (const sizeId of ['square', 'landscape'] as const) {
      const png = await renderDesignImage(defaultDesign({ texts: textSets.typical! }), sizeId, {}, 'png');
      expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(pngSize(png)).toEqual([placementSizes[sizeId].width, placementSizes[sizeId].height]);
    }
  });

  it('renders JPEG that decodes to the design (background colour in the corner)', async () => {
    const bytes = await renderDesignImage(
      defaultDesign({
        templateId: 'bold-headline',
        colours: { background: '#101010', text: '#ffffff', accent: '#2255ee', onAccent: '#ffffff' },
      }),
      'square',
      {},
      'jpeg',
    );
    const decoded = jpeg.decode(bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([1080, 1080]);
    const [r, g, b] = decoded.data.slice(0, 3);
    // bold-headline paints the accent colour full bleed.
    expect(Math.abs(r! - 0x22) + Math.abs(g! - 0x55) + Math.abs(b! - 0xee)).toBeLessThan(12);
  });

  it('draws text as glyph paths, so the SVG needs no fonts to display', async () => {
    const svg = await renderDesignSvgNode(defaultDesign(), 'square');
    expect(svg).toMatch(/^<svg/);
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<path');
  });

  it('refuses an asset image it was not given (the export must pass the bytes)', async () => {
    const design = defaultDesign({
      images: { product: { kind: 'asset', key: 'users/u/p.png', width: 10, height: 10, mimeType: 'image/png' } },
    });
    await expect(renderDesignImage(design, 'square')).rejects.toThrow(/users\/u\/p.png/);
  });

  // Pixel proof that fitting and drawing agree: with only the texts drawn on a transparent canvas, no ink lands
  // outside the frames the fitter gave them (a few px of glyph overhang allowed), for the longest copy.
  it.each([
    ['feature-list', 'landscape'],
    ['offer-badge', 'story'],
    ['event-date', 'portrait'],
  ] as const)('%s at %s: no text ink outside its frame with maximal copy', async (templateId, sizeId) => {
    const design = defaultDesign({ templateId, texts: textSets.maximal! });
    const fonts = await prepareRenderer(design);
    const layout = layoutDesign(design, sizeId);
    const texts = layout.nodes.filter((n): n is TextNode => n.kind === 'text');
    const svg = await renderLayoutSvg({ ...layout, background: 'transparent', nodes: texts }, {}, fonts, '#000000');
    const { pixels, width, height } = rasterise(svg, { wantPixels: true });
    const slack = 4;
    const inside = (x: number, y: number) =>
      texts.some(
        (t) =>
          x >= t.frame.x - slack &&
          x < t.frame.x + t.frame.width + slack &&
          y >= t.box.y - slack &&
          y < t.box.y + t.box.height + slack,
      );
    let outside = 0;
    let ink = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (pixels[(y * width + x) * 4 + 3]! > 16) {
          ink += 1;
          if (!inside(x, y)) outside += 1;
        }
      }
    }
    expect(ink).toBeGreaterThan(1000);
    expect(outside).toBe(0);
  });
});
