import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fillSchema } from '@infra/local/openai/schema-filler';
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
});
