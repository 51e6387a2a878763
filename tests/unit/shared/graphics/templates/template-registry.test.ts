import { describe, expect, it } from 'vitest';
import { checkLayout } from '@shared/graphics/design-checks';
import { defaultDesign, templateIds } from '@shared/graphics/design-schema';
import { type TextNode } from '@shared/graphics/layout-tree';
import { placementSizeIds, placementSizes, safeArea } from '@shared/graphics/placement-sizes';
import { layoutDesign, templates } from '@shared/graphics/templates/template-registry';
import { measureText } from '@shared/graphics/text-measure';
import { textSets, withImages } from '../design-fixtures';

const cases = templateIds.flatMap((templateId) =>
  placementSizeIds.flatMap((sizeId) =>
    Object.keys(textSets).flatMap((textSet) =>
      [true, false].map((images) => ({ templateId, sizeId, textSet, images })),
    ),
  ),
);

function overlaps(a: TextNode['box'], b: TextNode['box']): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('templates', () => {
  it('number at least eight, each with a label and the texts it shows', () => {
    expect(templateIds.length).toBeGreaterThanOrEqual(8);
    for (const id of templateIds) {
      expect(templates[id].label).not.toBe('');
      expect(templates[id].texts.length).toBeGreaterThan(0);
    }
  });

  it.each(cases)(
    '$templateId at $sizeId with $textSet texts (images: $images) fits without overflow',
    ({ templateId, sizeId, textSet, images }) => {
      const design = defaultDesign({ templateId, texts: textSets[textSet]!, ...(images ? withImages : {}) });
      const tree = layoutDesign(design, sizeId);
      const size = placementSizes[sizeId];
      expect([tree.width, tree.height]).toEqual([size.width, size.height]);
      const texts = tree.nodes.filter((n): n is TextNode => n.kind === 'text' && n.fit.lines.length > 0);
      expect(texts.length).toBeGreaterThan(0);
      const area = safeArea(sizeId);
      for (const node of texts) {
        const where = `${node.id}: ${JSON.stringify(node.fit.lines)}`;
        expect(node.fit.fits, where).toBe(true);
        expect(node.fit.fontSize, where).toBeGreaterThanOrEqual(node.minFontSize);
        for (const line of node.fit.lines) {
          const width = measureText(
            line,
            node.font,
            node.weight,
            node.fit.fontSize,
            node.letterSpacingEm * node.fit.fontSize,
          );
          expect(width, where).toBeLessThanOrEqual(node.frame.width + 0.5);
        }
        // Inside its frame and inside the canvas's safe area: never clipped, never in Reels UI bands.
        expect(node.box.x, where).toBeGreaterThanOrEqual(node.frame.x - 1);
        expect(node.box.x + node.box.width, where).toBeLessThanOrEqual(node.frame.x + node.frame.width + 1);
        expect(node.box.y, where).toBeGreaterThanOrEqual(area.y);
        expect(node.box.y + node.box.height, where).toBeLessThanOrEqual(area.y + area.height);
        expect(node.box.x, where).toBeGreaterThanOrEqual(0);
        expect(node.box.x + node.box.width, where).toBeLessThanOrEqual(size.width);
      }
      for (let i = 0; i < texts.length; i += 1) {
        for (let j = i + 1; j < texts.length; j += 1) {
          expect(overlaps(texts[i]!.box, texts[j]!.box), `${texts[i]!.id} overlaps ${texts[j]!.id}`).toBe(false);
        }
      }
      const problems = checkLayout(tree, design).filter(
        (c) => c.id.startsWith('fit:') || c.id.startsWith('safe-zone:'),
      );
      expect(problems).toEqual([]);
    },
  );
});

describe('the offer badge', () => {
  it.each(placementSizeIds)('keeps a short offer ("-30 %", "NEW", "2 for 1") on one line at %s', (sizeId) => {
    for (const badge of ['-30 %', 'NEW', '2 for 1', '-50%']) {
      const design = defaultDesign({
        templateId: 'offer-badge',
        texts: { ...defaultDesign().texts, headline: 'Summer sale: everything for the beach', badge },
      });
      const node = layoutDesign(design, sizeId).nodes.find((n): n is TextNode => n.kind === 'text' && n.id === 'badge');
      expect(node?.fit.lines, `${badge} at ${sizeId}`).toHaveLength(1);
      expect(node?.fit.fits).toBe(true);
    }
  });

  it('still lets a longer offer take two lines', () => {
    const design = defaultDesign({
      templateId: 'offer-badge',
      texts: { ...defaultDesign().texts, badge: 'Free shipping today' },
    });
    const node = layoutDesign(design, 'square').nodes.find((n): n is TextNode => n.kind === 'text' && n.id === 'badge');
    expect(node?.fit.fits).toBe(true);
    expect(node?.fit.lines.length).toBeLessThanOrEqual(2);
  });
});
