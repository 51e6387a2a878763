import { describe, expect, it } from 'vitest';
import { checkDesign, checkLayout, fileSizeCheck, textContrast } from '@shared/graphics/design-checks';
import { defaultDesign } from '@shared/graphics/design-schema';
import { type LayoutTree, type TextNode } from '@shared/graphics/layout-tree';
import { layoutDesign } from '@shared/graphics/templates/template-registry';
import { textSets } from './design-fixtures';

function textAt(box: TextNode['box'], overrides: Partial<TextNode> = {}): TextNode {
  return {
    kind: 'text',
    id: 'headline',
    role: 'headline',
    frame: box,
    box,
    fit: { lines: ['Hello'], fontSize: 60, lineHeightPx: 70, width: box.width, height: box.height, fits: true },
    minFontSize: 30,
    font: 'inter',
    weight: 700,
    colour: '#ffffff',
    align: 'left',
    uppercase: false,
    letterSpacingEm: 0,
    backdrop: { kind: 'colour', colour: '#000000' },
    ...overrides,
  };
}

function tree(sizeId: LayoutTree['sizeId'], nodes: LayoutTree['nodes'], width = 1080, height = 1920): LayoutTree {
  return { sizeId, width, height, background: '#000000', nodes };
}

const design = defaultDesign();

describe('safe-zone check (9:16)', () => {
  it.each([
    ['in the top 14 %', { x: 100, y: 200, width: 300, height: 80 }, true],
    ['just below the top band', { x: 100, y: 269, width: 300, height: 80 }, false],
    ['ending just above the bottom band', { x: 100, y: 1100, width: 300, height: 148 }, false],
    ['in the bottom 35 %', { x: 100, y: 1200, width: 300, height: 60 }, true],
  ])('text %s is flagged: %s', (_name, box, flagged) => {
    const ids = checkLayout(tree('story', [textAt(box)]), design).map((c) => c.id);
    expect(ids.includes('safe-zone:headline')).toBe(flagged);
  });

  it('flags a logo in the Reels band, and nothing on feed sizes', () => {
    const logo = {
      kind: 'image' as const,
      id: 'logo',
      slot: 'logo' as const,
      box: { x: 40, y: 1800, width: 200, height: 60 },
      fit: 'contain' as const,
      radius: 0,
    };
    const logoDesign = defaultDesign({
      images: { logo: { kind: 'asset', key: 'u/logo.svg', width: 200, height: 60, mimeType: 'image/svg+xml' } },
    });
    expect(checkLayout(tree('story', [logo]), logoDesign).map((c) => c.id)).toContain('safe-zone:logo');
    expect(checkLayout(tree('portrait', [logo], 1080, 1350), logoDesign).map((c) => c.id)).not.toContain(
      'safe-zone:logo',
    );
  });
});

describe('contrast check (WCAG AA)', () => {
  const box = { x: 300, y: 400, width: 300, height: 80 };
  it.each([
    // #767676 on white is 4.54:1 (passes 4.5), #777777 is 4.48:1 (fails) — WCAG's textbook pair.
    ['#767676', '#ffffff', 24, false],
    ['#777777', '#ffffff', 24, true],
    // 96 px at 1080 shows at ~36 CSS px on a phone: large text, 3:1 suffices.
    ['#949494', '#ffffff', 96, false],
    ['#a0a0a0', '#ffffff', 96, true],
  ])('%s on %s at %d px: flagged %s', (colour, background, fontSize, flagged) => {
    const node = textAt(box, {
      colour,
      weight: 400,
      backdrop: { kind: 'colour', colour: background },
      fit: { lines: ['x'], fontSize, lineHeightPx: fontSize, width: 300, height: 80, fits: true },
    });
    const checks = checkLayout(tree('square', [node], 1080, 1080), design);
    expect(checks.some((c) => c.id === 'contrast:headline' && c.level === 'error')).toBe(flagged);
  });

  it('takes the worst case of a scrim over any photo, and warns when there is no scrim', () => {
    const scrimmed = textAt(box, { backdrop: { kind: 'image', scrim: { colour: '#000000', opacity: 0.6 } } });
    // White text over 60 % black on a white photo: background ≈ #666666 → 5.7:1.
    expect(textContrast(scrimmed)).toBeCloseTo(5.74, 1);
    const bare = textAt(box, { backdrop: { kind: 'image', scrim: null } });
    expect(checkLayout(tree('square', [bare], 1080, 1080), design)).toEqual([
      expect.objectContaining({ id: 'contrast:headline', level: 'warning' }),
    ]);
  });
});

describe('text share and fit', () => {
  // Issue 25, requirement 10: Meta retired the 20 % rule in 2020; the check quotes what Meta says now.
  it('advises (not warns of a penalty) above 20 % of the image, quoting current Meta guidance', () => {
    const big = textAt({ x: 0, y: 300, width: 1080, height: 300 }); // 15.6 % of 1080×1920
    const bigger = textAt({ x: 0, y: 300, width: 1080, height: 450 }); // 23.4 %
    expect(checkLayout(tree('story', [big]), design).map((c) => c.id)).not.toContain('text-share');
    const share = checkLayout(tree('story', [bigger]), design).find((c) => c.id === 'text-share');
    expect(share?.message).toContain('23 %');
    expect(share?.level).toBe('info');
    expect(share?.message).toContain('Meta no longer limits text in ad images');
    expect(share?.message).not.toMatch(/delivers .* less/);
  });

  it('reports text that cannot fit at its minimum size instead of clipping it', () => {
    const node = textAt(
      { x: 0, y: 400, width: 100, height: 50 },
      { fit: { lines: ['a', 'b', 'c'], fontSize: 30, lineHeightPx: 36, width: 100, height: 108, fits: false } },
    );
    expect(checkLayout(tree('story', [node]), design)).toContainEqual(
      expect.objectContaining({ id: 'fit:headline', level: 'error' }),
    );
  });

  it('passes the default design with typical texts on every size', () => {
    for (const sizeId of ['square', 'portrait', 'story', 'landscape'] as const) {
      expect(
        checkDesign(defaultDesign({ texts: textSets.typical! }), sizeId).filter((c) => c.level === 'error'),
      ).toEqual([]);
    }
  });
});

describe('image resolution check', () => {
  it.each([
    [2000, 'none'],
    [900, 'warning'],
    [500, 'error'],
  ])('a %d px photo full bleed on a 1080 square', (side, level) => {
    const d = defaultDesign({
      templateId: 'photo-caption',
      images: { background: { kind: 'data', url: 'data:image/png;base64,iVBORw0KGgo=', width: side, height: side } },
    });
    const check = checkLayout(layoutDesign(d, 'square'), d).find((c) => c.id === 'resolution:background');
    expect(check?.level ?? 'none').toBe(level);
  });

  it('never flags SVG logos (vector)', () => {
    const d = defaultDesign({
      images: { logo: { kind: 'asset', key: 'u/l.svg', width: 10, height: 4, mimeType: 'image/svg+xml' } },
    });
    expect(checkLayout(layoutDesign(d, 'square'), d).map((c) => c.id)).not.toContain('resolution:logo');
  });
});

describe('file size check', () => {
  it("flags files over Meta's 30 MB and passes the largest uncompressed estimate", () => {
    expect(fileSizeCheck('story')).toEqual([]);
    expect(fileSizeCheck('story', 31 * 1024 * 1024)).toEqual([
      expect.objectContaining({ id: 'file-size', level: 'error' }),
    ]);
  });
});
