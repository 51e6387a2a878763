import { describe, expect, it } from 'vitest';
import { exclusionRecommendations } from '@lambdas/lib/optimizer/audience-exclusion';

const campaign = (id: string, objective: string, extra: { status?: string; specialAdCategories?: string[] } = {}) => ({
  id,
  name: `Campaign ${id}`,
  objective,
  status: extra.status ?? 'ACTIVE',
  specialAdCategories: extra.specialAdCategories ?? [],
});
const adset = (id: string, campaignId: string, excluded: string[] = [], status = 'ACTIVE') => ({
  id,
  name: `Ad set ${id}`,
  campaignId,
  status,
  excluded: excluded.map((x) => ({ id: x, name: `List ${x}` })),
});
const customers = { id: '700', name: 'Customers' };

describe('the optimizer’s customer exclusions', () => {
  it('proposes leaving a ready customer list out of the active ad sets of an acquisition campaign that reach it', () => {
    const [rec, ...rest] = exclusionRecommendations(
      [campaign('1', 'OUTCOME_SALES')],
      [adset('11', '1'), adset('12', '1', ['700']), adset('13', '1', [], 'PAUSED'), adset('14', '1', ['650'])],
      [customers],
    );
    expect(rest).toEqual([]);
    expect(rec).toMatchObject({
      id: 'audience_exclusion.1.700',
      kind: 'audience_exclusion',
      level: 'campaign',
      objectId: '1',
      title: 'Leave your customer list “Customers” out of Campaign 1',
      evidence: { adSetsReachingCustomers: 2 },
    });
    // The ad set that leaves it out already and the paused one are not changed; another exclusion is kept.
    expect(rec!.changes.map((c) => [c.objectId, c.change.excludedAudienceIds, c.before.excludedAudienceIds])).toEqual([
      ['11', ['700'], []],
      ['14', ['650', '700'], ['650']],
    ]);
    expect(rec!.expectedEffect.noFigure).toContain('no money figure');
  });

  it('proposes nothing for awareness or traffic, paused campaigns, or housing, employment and financial ones', () => {
    expect(
      exclusionRecommendations(
        [
          campaign('1', 'OUTCOME_AWARENESS'),
          campaign('2', 'OUTCOME_TRAFFIC'),
          campaign('3', 'OUTCOME_LEADS', { status: 'PAUSED' }),
          campaign('4', 'OUTCOME_SALES', { specialAdCategories: ['HOUSING'] }),
          campaign('5', 'OUTCOME_APP_PROMOTION'),
        ],
        ['1', '2', '3', '4'].map((c) => adset(`${c}1`, c)),
        [customers],
      ),
    ).toEqual([]);
  });

  it('proposes one recommendation a customer list, and none without a list', () => {
    const campaigns = [campaign('1', 'OUTCOME_LEADS')];
    const adsets = [adset('11', '1')];
    expect(exclusionRecommendations(campaigns, adsets, [])).toEqual([]);
    expect(
      exclusionRecommendations(campaigns, adsets, [customers, { id: '701', name: 'VIPs' }]).map((r) => r.id),
    ).toEqual(['audience_exclusion.1.700', 'audience_exclusion.1.701']);
  });
});
