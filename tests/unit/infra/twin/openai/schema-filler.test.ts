import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { INTERESTS } from '@infra/twin/meta-sandbox/targeting-search';
import { fillSchema } from '@infra/twin/openai/schema-filler';
import { readBrief } from '@infra/twin/openai/brief';
import { campaignPlanPrompt } from '@lambdas/lib/ai/prompts/campaign-plan';
import { AiCampaignDraftSchema, CampaignBriefSchema, type CampaignBrief } from '@shared/schemas/campaign-plan';

const brief = {
  product: 'Lightweight trail running shoes',
  audience: 'Hiking and camping fans',
  tone: 'friendly',
  objective: 'traffic',
  angles: [],
  question: '',
};

/** A seeded generator, so each seed is one reproducible reply. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('offline model: campaign plans', () => {
  it('writes age bands a marketer would (18/25/35 to 44/54/65), never a year-wide one', () => {
    const schema = z.toJSONSchema(AiCampaignDraftSchema) as Record<string, unknown>;
    for (let seed = 1; seed <= 40; seed += 1) {
      const draft = AiCampaignDraftSchema.parse(fillSchema(schema, brief, seeded(seed)));
      for (const set of draft.adSets) {
        expect([18, 25, 35]).toContain(set.ageMin);
        expect([44, 54, 65]).toContain(set.ageMax);
      }
    }
  });

  it('names interests Meta knows that the brief is about, each ad set starting from a different one', () => {
    const schema = z.toJSONSchema(AiCampaignDraftSchema) as Record<string, unknown>;
    const boots = {
      ...brief,
      product: 'Recycled waterproof hiking boots',
      audience: 'Weekend hikers who care about sustainability',
    };
    const known = new Set(INTERESTS.map((interest) => interest.name));
    for (let seed = 1; seed <= 10; seed += 1) {
      const draft = AiCampaignDraftSchema.parse(fillSchema(schema, boots, seeded(seed)));
      const all = draft.adSets.flatMap((set) => set.interestKeywords);
      // "Weekend" and "Hikers" were written before, which Meta does not know; "care" found Skin care.
      for (const interest of all) expect(known.has(interest), interest).toBe(true);
      expect(new Set(all)).toEqual(new Set(['Hiking', 'Sustainable fashion', 'Footwear']));
      if (draft.adSets.length > 1) {
        expect(new Set(draft.adSets.map((set) => set.interestKeywords[0])).size).toBe(draft.adSets.length);
      }
    }
  });

  it("falls back to the brief's own words when it names nothing Meta knows (the editor then asks)", () => {
    const schema = z.toJSONSchema(AiCampaignDraftSchema) as Record<string, unknown>;
    const odd = { ...brief, product: 'Quantum widget polish', audience: 'Widget collectors' };
    const draft = AiCampaignDraftSchema.parse(fillSchema(schema, odd, seeded(3)));
    expect(draft.adSets[0]!.interestKeywords[0]).toBe('Widget');
  });
});

describe('offline model: starting from the winning elements', () => {
  const schema = z.toJSONSchema(AiCampaignDraftSchema) as Record<string, unknown>;
  const planBrief = (startFrom?: CampaignBrief['startFrom']) =>
    readBrief(
      // The prompt as the model receives it: its messages' text.
      campaignPlanPrompt
        .build(
          CampaignBriefSchema.parse({
            adAccountId: 'act_1',
            product: 'Lightweight trail running shoes',
            goal: 'sales',
            landingUrl: 'https://example.com/shoes',
            budgetType: 'daily',
            budgetAmount: 20,
            startDate: '2026-12-01',
            countries: ['US'],
            audience: 'Hiking and camping fans',
            ...(startFrom ? { startFrom } : {}),
          }),
        )
        .map((m) => ({ role: 'user' as const, content: String(m.content) })),
    );

  it("writes each ad set's first ad from the winning angle and every ad with the winning call to action", () => {
    const hinted = planBrief({ angle: 'urgency', callToAction: 'BOOK_NOW' });
    expect(hinted.startFrom).toEqual({ angle: 'urgency', callToAction: 'BOOK_NOW' });
    for (let seed = 1; seed <= 10; seed += 1) {
      const draft = AiCampaignDraftSchema.parse(fillSchema(schema, hinted, seeded(seed)));
      for (const set of draft.adSets) {
        expect(set.ads[0]!.angle).toBe('urgency');
        expect(new Set(set.ads.map((ad) => ad.angle)).size).toBe(set.ads.length);
        for (const ad of set.ads) expect(ad.callToAction).toBe('BOOK_NOW');
      }
    }
  });

  it('without the hint writes as before: angles in their order, its own calls to action', () => {
    const plain = planBrief();
    expect(plain.startFrom).toBeUndefined();
    const ctas = new Set<string>();
    for (let seed = 1; seed <= 10; seed += 1) {
      const draft = AiCampaignDraftSchema.parse(fillSchema(schema, plain, seeded(seed)));
      for (const set of draft.adSets) {
        expect(set.ads[0]!.angle).toBe('benefit');
        for (const ad of set.ads) ctas.add(ad.callToAction);
      }
    }
    expect(ctas.has('BOOK_NOW')).toBe(false);
  });
});
