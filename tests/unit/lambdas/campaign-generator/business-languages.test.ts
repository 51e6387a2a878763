import { GetCommand, type DynamoDBDocumentClient, type PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { readBusinessLanguages, saveBusinessLanguages } from '@lambdas/campaign-generator/business-languages';
import { withCopyLanguages } from '@lambdas/campaign-generator/campaign-drafts';
import { BusinessLanguagesBodySchema } from '@shared/schemas/business-languages';
import { CampaignBriefSchema } from '@shared/schemas/campaign-plan';

/** Issue 29 req 3: the workspace's business languages, stored, audited and the brief's default. */

/** A table of items by `user_id|item_key`, recording every command sent. */
function fakeStore(items: Record<string, Record<string, unknown>> = {}) {
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const doc = {
    send: async (command: GetCommand | PutCommand) => {
      sent.push({ name: command.constructor.name, input: command.input as Record<string, unknown> });
      if (command instanceof GetCommand) {
        const key = command.input.Key as { user_id: string; item_key: string };
        return { Item: items[`${key.user_id}|${key.item_key}`] };
      }
      const item = (command as PutCommand).input.Item as Record<string, unknown>;
      if ((command as PutCommand).input.TableName === 'graphics')
        items[`${String(item.user_id)}|${String(item.item_key)}`] = item;
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { store: { doc, table: 'graphics', audit: 'audit' }, sent, items };
}

const brief = (change: Record<string, unknown> = {}) =>
  CampaignBriefSchema.parse({
    adAccountId: 'act_1',
    product: 'Yoga mats',
    goal: 'traffic',
    landingUrl: 'https://shop.example.com',
    budgetType: 'daily',
    budgetAmount: 30,
    startDate: '2026-12-01',
    countries: ['US'],
    audience: 'Yoga fans',
    ...change,
  });

describe('the business languages setting', () => {
  it('validates like the API: BCP-47 tags the engine writes, 1 to 6, each base language once (400 names the field)', () => {
    expect(BusinessLanguagesBodySchema.parse({ languages: ['en', 'es_mx'] }).languages).toEqual(['en', 'es-MX']);
    const bad = (languages: unknown) => BusinessLanguagesBodySchema.safeParse({ languages }).error?.issues[0];
    expect(bad([])?.message).toBe('Choose at least one language.');
    expect(bad(['en', 'Spanish'])?.path).toEqual(['languages', 1]);
    expect(bad(['en', 'ja'])?.message).toMatch(/can be written in/);
    expect(bad(['es', 'es-MX'])?.message).toMatch(/Each language once/);
    expect(bad(['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'])?.message).toMatch(/At most 6/);
  });

  it('reads English until the workspace chooses, then its own, primary first', async () => {
    const { store } = fakeStore({
      'ws-2|business-languages': { languages: ['es', 'en'], updated_at: '2026-11-29T10:00:00.000Z' },
    });
    expect(await readBusinessLanguages(store, 'ws-1')).toEqual({ languages: ['en'] });
    expect(await readBusinessLanguages(store, 'ws-2')).toEqual({
      languages: ['es', 'en'],
      updatedAt: '2026-11-29T10:00:00.000Z',
    });
  });

  it('saves under the workspace and audits who changed it from what to what', async () => {
    const { store, sent } = fakeStore();
    const now = new Date('2026-11-29T12:00:00.000Z');
    const user = { sub: 'ws-1', actor: 'admin-7', username: 'admin-7' };
    expect(await saveBusinessLanguages(store, user, ['en', 'es'], now)).toEqual({
      languages: ['en', 'es'],
      updatedAt: '2026-11-29T12:00:00.000Z',
    });
    const puts = sent.filter((c) => c.name === 'PutCommand').map((c) => c.input);
    expect(puts[0]).toMatchObject({
      TableName: 'graphics',
      Item: { user_id: 'ws-1', item_key: 'business-languages', languages: ['en', 'es'], updated_by: 'admin-7' },
    });
    expect(puts[1]).toMatchObject({
      TableName: 'audit',
      Item: {
        user_id: 'ws-1',
        action: 'business_languages_changed',
        actor_id: 'admin-7',
        before: ['en'],
        after: ['en', 'es'],
      },
    });
    expect(String((puts[1]!.Item as Record<string, unknown>).changed_at_id)).toMatch(
      /^settings#2026-11-29T12:00:00.000Z#/,
    );
    expect(await readBusinessLanguages(store, 'ws-1')).toMatchObject({ languages: ['en', 'es'] });
  });

  it('is the brief’s copy languages when the brief names none', async () => {
    const { store } = fakeStore({ 'ws-1|business-languages': { languages: ['en', 'es'], updated_at: 'x' } });
    expect((await withCopyLanguages(brief(), 'ws-1', store)).copyLanguages).toEqual(['en', 'es']);
    // The brief's own choice wins; so does a language its audience text names (the older field).
    expect((await withCopyLanguages(brief({ copyLanguages: ['de'] }), 'ws-1', store)).copyLanguages).toEqual(['de']);
    expect((await withCopyLanguages(brief({ languages: ['French'] }), 'ws-1', store)).copyLanguages).toBeUndefined();
    // Never chosen: the brief is as it was (English, no language stated on the ads).
    expect((await withCopyLanguages(brief(), 'ws-9', store)).copyLanguages).toBeUndefined();
  });
});
