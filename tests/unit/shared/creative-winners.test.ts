import { describe, expect, it } from 'vitest';
import {
  basedOnLine,
  COPY_PARTS,
  creativeStart,
  CreativeStartSchema,
  winningElements,
  winsAmong,
} from '@shared/creative-winners';
import type { CreativeReport, CreativeValue } from '@shared/schemas/creative-report';

const value = (name: string, extra: Partial<CreativeValue> = {}): CreativeValue => ({
  value: name,
  ads: 2,
  impressions: 20_000,
  linkClicks: 200,
  results: 20,
  spend: 200,
  ctrPercent: 1,
  costPerResult: 10,
  probabilityBestCtr: 0.5,
  probabilityBestCost: 0.5,
  winnerCtr: false,
  winnerCost: false,
  weeks: [],
  ...extra,
});

const group = (objective: string, angle: CreativeValue[], cta: CreativeValue[]) => ({
  key: `${objective}|x`,
  objective,
  resultType: 'x',
  label: `${objective} · X`,
  spend: 100,
  results: 10,
  adsWithElements: 4,
  adsWithoutElements: 0,
  elements: [
    { element: 'angle' as const, label: 'Headline angle', values: angle },
    { element: 'callToAction' as const, label: 'Call to action', values: cta },
  ],
});

const report = (groups: ReturnType<typeof group>[]): CreativeReport => ({
  adAccountId: 'act_1',
  currency: 'USD',
  since: '2026-10-01',
  until: '2026-11-26',
  winnerThreshold: 0.95,
  adsWithElements: 8,
  adsWithoutElements: 0,
  groups,
  generatedAt: '2026-11-27T00:00:00Z',
});

describe('winning elements', () => {
  const sales = group(
    'OUTCOME_SALES',
    [value('urgency', { winnerCost: true, probabilityBestCost: 0.97 }), value('benefit')],
    [value('SHOP_NOW', { winnerCtr: true, probabilityBestCtr: 0.99 }), value('LEARN_MORE')],
  );
  const awareness = group(
    'OUTCOME_AWARENESS',
    [value('question', { winnerCost: true, probabilityBestCost: 0.99 }), value('urgency')],
    [value('LEARN_MORE'), value('SEE_MORE')],
  );

  it('names the values the report called winners, cost per result before CTR, in the most-spent group', () => {
    const found = winningElements(report([sales, awareness]))!;
    expect(found).toEqual({
      groupLabel: 'OUTCOME_SALES · X',
      angle: { value: 'urgency', label: 'Urgency', wonOn: 'cost per result', probability: 0.97 },
      callToAction: { value: 'SHOP_NOW', label: 'Shop now', wonOn: 'CTR', probability: 0.99 },
    });
    expect(creativeStart(found)).toEqual({ angle: 'urgency', callToAction: 'SHOP_NOW' });
    expect(basedOnLine(found)).toBe(
      'Based on your best-performing headline angle (Urgency) and call to action (Shop now)',
    );
  });

  it("takes the winners of the campaign's own objective: awareness's winner says nothing about sales", () => {
    const found = winningElements(report([sales, awareness]), 'OUTCOME_AWARENESS')!;
    expect(found.angle?.value).toBe('question');
    expect(found.callToAction).toBeUndefined();
    expect(basedOnLine(found)).toBe('Based on your best-performing headline angle (Question)');
    expect(winningElements(report([sales, awareness]), 'OUTCOME_LEADS')).toBeNull();
  });

  it("takes the objective's group with recorded elements: a more-spent group of untagged ads does not hide it", () => {
    const untagged = { ...group('OUTCOME_SALES', [], []), key: 'OUTCOME_SALES|y', spend: 900, elements: [] };
    const found = winningElements(report([untagged, sales]), 'OUTCOME_SALES')!;
    expect(found).toMatchObject({ groupLabel: 'OUTCOME_SALES · X', angle: { value: 'urgency' } });
    expect(winningElements(report([untagged, sales]))?.groupLabel).toBe('OUTCOME_SALES · X');
  });

  it('claims nothing when no value won with significance, or the winner is not one a generator writes', () => {
    const noise = group('OUTCOME_SALES', [value('urgency'), value('benefit')], [value('SHOP_NOW'), value('BUY_NOW')]);
    expect(winningElements(report([noise]))).toBeNull();
    expect(winningElements(report([]))).toBeNull();
    const odd = group('OUTCOME_SALES', [value('made-up', { winnerCost: true })], []);
    expect(winningElements(report([odd]))).toBeNull();
  });

  it('accepts as a hint only values the generators write', () => {
    expect(CreativeStartSchema.safeParse({ angle: 'urgency', callToAction: 'SHOP_NOW' }).success).toBe(true);
    const bad = CreativeStartSchema.safeParse({ angle: 'clickbait' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['angle']);
    expect(CreativeStartSchema.safeParse({ offer: '50% off' }).success).toBe(false);
  });

  describe('the design, format, offer and language winners', () => {
    const withDesign = (extra: { element: string; values: CreativeValue[] }[]) => {
      const g = group('OUTCOME_SALES', [value('urgency'), value('benefit')], [value('SHOP_NOW'), value('BUY_NOW')]);
      return report([{ ...g, elements: [...g.elements, ...extra] as typeof g.elements }]);
    };

    it('names each winner in words, and a line names only the parts a screen acts on', () => {
      const found = winningElements(
        withDesign([
          {
            element: 'template',
            values: [value('offer-badge', { winnerCost: true, probabilityBestCost: 0.98 }), value('testimonial')],
          },
          {
            element: 'colourScheme',
            values: [
              value('Dark, orange accent', { winnerCtr: true, probabilityBestCtr: 0.96 }),
              value('Light, blue accent'),
            ],
          },
          {
            element: 'format',
            values: [value('carousel', { winnerCost: true, probabilityBestCost: 0.97 }), value('single_image')],
          },
          {
            element: 'offer',
            values: [value('Free shipping', { winnerCost: true, probabilityBestCost: 0.99 }), value('No offer')],
          },
          { element: 'language', values: [value('en+es', { winnerCtr: true, probabilityBestCtr: 0.95 }), value('en')] },
        ]),
      )!;
      expect(found.angle).toBeUndefined();
      expect(found.template).toEqual({
        value: 'offer-badge',
        label: 'Offer badge',
        wonOn: 'cost per result',
        probability: 0.98,
      });
      expect(found.colourScheme).toMatchObject({
        value: 'Dark, orange accent',
        label: 'Dark, orange accent',
        wonOn: 'CTR',
      });
      expect(found.format).toMatchObject({ value: 'carousel', label: 'Carousel' });
      expect(found.offer).toMatchObject({ value: 'Free shipping', label: 'Free shipping' });
      expect(found.language).toMatchObject({ value: 'en+es', label: 'English + Spanish' });
      expect(basedOnLine(found, ['template', 'colourScheme'])).toBe(
        'Based on your best-performing template (Offer badge) and colour scheme (Dark, orange accent)',
      );
      expect(basedOnLine(found, ['callToAction', 'template', 'offer', 'language'])).toBe(
        'Based on your best-performing template (Offer badge), offer (Free shipping) and language (English + Spanish)',
      );
      // The copy generators act on the angle and call to action only: nothing to claim for them here.
      expect(winsAmong(found, COPY_PARTS)).toBe(false);
      expect(winsAmong(found, ['template'])).toBe(true);
      expect(creativeStart(found)).toEqual({});
    });

    it('no winner, no hint: a template or language that only led by noise is not named', () => {
      const found = winningElements(
        withDesign([
          { element: 'template', values: [value('offer-badge', { probabilityBestCost: 0.9 }), value('testimonial')] },
          { element: 'language', values: [value('es'), value('en')] },
        ]),
      );
      expect(found).toBeNull();
      expect(winsAmong(found, ['template', 'language'])).toBe(false);
    });
  });
});
