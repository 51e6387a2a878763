import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { INTERESTS } from '@infra/twin/meta-sandbox/targeting-search';
import { fillSchema } from '@infra/twin/openai/schema-filler';
import { AiCampaignDraftSchema } from '@shared/schemas/campaign-plan';

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
