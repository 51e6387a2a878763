import { describe, expect, it } from 'vitest';
import { basedOnLine, creativeStart, CreativeStartSchema, winningElements } from '@shared/creative-winners';
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
});
