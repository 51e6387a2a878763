import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_COPY_LIMITS, characterCount } from '@shared/ad-copy-rules';
import { checkAdPolicy } from '@shared/ad-policy';
import { writtenIn } from '@shared/copy-languages';
import { AdCopyResultSchema } from '@shared/schemas/ai';
import { cognitoClient, deleteUser } from '../twin-client';
import { confirmedUser, postJson } from './ai-user';

/** Issue 29 requirement 3 on the twin: the offline model (its phrase tables) writes the language asked. */
const client = cognitoClient();
let user: Awaited<ReturnType<typeof confirmedUser>>;

beforeAll(async () => {
  user = await confirmedUser(client, 'ai-languages');
});

afterAll(async () => {
  await deleteUser(client, user.email);
  client.destroy();
});

const brief = {
  product: 'Handmade ceramic coffee mugs',
  audience: 'remote workers',
  tone: 'friendly',
  objective: 'OUTCOME_SALES',
  variants: 3,
};

describe('POST /api/ai/ad-copy in the customer’s languages (offline model)', () => {
  it.each(['es', 'fr', 'de'] as const)(
    'writes every variant in %s, within Meta’s lengths, clear of that language’s policy list',
    async (language) => {
      const reply = await postJson('/api/ai/ad-copy', user.token, { ...brief, language });

      expect(reply.status).toBe(200);
      const result = AdCopyResultSchema.parse(await reply.json());
      expect(result.offline).toBe(true);
      expect(result.variants).toHaveLength(3);
      for (const v of result.variants) {
        const text = `${v.headline}\n${v.primaryText}\n${v.description}`;
        expect(writtenIn(text, language), text).toBe(true);
        expect(characterCount(v.headline)).toBeLessThanOrEqual(AD_COPY_LIMITS.headline);
        expect(characterCount(v.primaryText)).toBeLessThanOrEqual(AD_COPY_LIMITS.primaryText);
        expect(characterCount(v.description)).toBeLessThanOrEqual(AD_COPY_LIMITS.description);
        expect(checkAdPolicy(text, language)).toEqual([]);
      }
    },
  );

  it('answers a language it cannot write with 400 naming the field', async () => {
    const reply = await postJson('/api/ai/ad-copy', user.token, { ...brief, language: 'ja' });

    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toMatch(/language/);
  });
});
