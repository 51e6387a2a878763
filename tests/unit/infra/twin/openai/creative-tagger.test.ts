import { describe, expect, it } from 'vitest';
import {
  CREATIVE_TAGS_SCHEMA_NAME as PROMPT_SCHEMA_NAME,
  creativeTagsPrompt,
} from '@lambdas/lib/ai/prompts/creative-tags';
import { CreativeTagsOutputSchema } from '@lambdas/lib/ai/prompts/creative-tags';
import { CREATIVE_TAGS_SCHEMA_NAME, writeCreativeTags } from '@infra/twin/openai/creative-tagger';
import type { ChatMessage } from '@infra/twin/openai/chat-request';

const ask = (ads: Array<Record<string, string>>) =>
  creativeTagsPrompt.build({
    ads: ads.map((ad, i) => ({ adId: String(i + 1), headline: '', primaryText: '', description: '', ...ad })),
  }) as ChatMessage[];

describe('offline creative tagger', () => {
  it('answers the schema the prompt asks for, by its name', () => {
    expect(CREATIVE_TAGS_SCHEMA_NAME).toBe(PROMPT_SCHEMA_NAME);
  });

  it("tags each ad of the prompt's data from its words, in the closed lists the product checks", () => {
    const reply = writeCreativeTags(
      ask([
        { headline: 'Last chance: 20% off trail shoes', primaryText: 'Ends tonight.' },
        { headline: 'Loved by 10,000 runners', primaryText: 'Rated 4.8 by our customers.' },
        { headline: 'Ready for your next hike?', primaryText: 'Light shoes for long days.' },
        { headline: 'Tired of blisters?', primaryText: 'Our shoes fix that. Free shipping.' },
        {
          headline: 'Zapatillas ligeras',
          primaryText: 'Para tus rutas de montaña, con envío gratis para todos los pedidos.',
        },
        { headline: 'Light shoes for long trails', primaryText: 'Made to last.' },
      ]),
    );
    expect(CreativeTagsOutputSchema.parse(reply)).toEqual(reply);
    expect(reply.tags.map((t) => t.adId)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(reply.tags.map((t) => t.angle)).toEqual([
      'urgency',
      'social_proof',
      'question',
      'problem_solution',
      'benefit',
      'benefit',
    ]);
    expect(reply.tags.map((t) => t.offer)).toEqual([
      'Percent off',
      'No offer',
      'No offer',
      'Free shipping',
      'Free shipping',
      'No offer',
    ]);
    expect(reply.tags[4]!.language).toBe('es');
    expect(reply.tags[0]!.language).toBe('en');
  });

  it('tags nothing when the data cannot be read', () => {
    expect(writeCreativeTags([{ role: 'user', content: 'no json here' }])).toEqual({ tags: [] });
  });
});
