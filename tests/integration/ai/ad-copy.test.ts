import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AD_COPY_LIMITS, callToActionTypes } from '@shared/ad-copy-rules';
import { plans, DEFAULT_PLAN } from '@shared/plans';
import { AdCopyResultSchema, AiConnectionTestSchema } from '@shared/schemas/ai';
import { localTableName } from '@infra/twin/function-environment';
import { api, cognitoClient, deleteUser } from '../twin-client';
import { confirmedUser, modelCalls, postJson, resetModelFaults, setModelFaults, twinDocumentClient } from './ai-user';

const client = cognitoClient();
const doc = twinDocumentClient();
let alice: Awaited<ReturnType<typeof confirmedUser>>;
let bob: Awaited<ReturnType<typeof confirmedUser>>;

const brief = {
  product: 'Handmade ceramic coffee mugs',
  audience: 'remote workers who love slow mornings',
  tone: 'friendly',
  objective: 'OUTCOME_SALES',
  variants: 3,
};

beforeAll(async () => {
  [alice, bob] = await Promise.all([confirmedUser(client, 'ai-alice'), confirmedUser(client, 'ai-bob')]);
});

afterEach(resetModelFaults);

afterAll(async () => {
  await Promise.all([deleteUser(client, alice.email), deleteUser(client, bob.email)]);
  client.destroy();
  doc.destroy();
});

const today = () => new Date().toISOString().slice(0, 10);
const tokensOf = async (sub: string) =>
  (await doc.send(new GetCommand({ TableName: localTableName('aiUsage'), Key: { user_id: sub, day: today() } }))).Item;
const counter = () => `aiGenerationsPerDay#${today()}`;
/** Generations counted today against the user's plan quota. */
const generationsOf = async (sub: string) =>
  Number(
    (
      await doc.send(
        new GetCommand({ TableName: localTableName('quotaUsage'), Key: { user_id: sub, counter: counter() } }),
      )
    ).Item?.used ?? 0,
  );
const setGenerations = (sub: string, used: number) =>
  doc.send(
    new PutCommand({
      TableName: localTableName('quotaUsage'),
      Item: { user_id: sub, counter: counter(), used, expires_at: Math.floor(Date.now() / 1000) + 86_400 },
    }),
  );

describe('POST /api/ai/test-connection', () => {
  it('reports the offline demo model with the key kept on the server', async () => {
    const reply = await postJson('/api/ai/test-connection', alice.token, {});

    expect(reply.status).toBe(200);
    expect(AiConnectionTestSchema.parse(await reply.json())).toEqual({
      success: true,
      data: { model: 'gpt-4o-mini', provider: 'offline-demo-model', key: 'configured-on-server' },
    });
  });

  it('needs a signed-in user', async () => {
    const reply = await api('/api/ai/test-connection', { method: 'POST' });
    expect(reply.status).toBe(401);
  });
});

describe('POST /api/ai/ad-copy on the offline model', () => {
  it('writes one variant per angle, about the brief, within Meta’s limits, the same for the same brief', async () => {
    const reply = await postJson('/api/ai/ad-copy', alice.token, brief);
    expect(reply.status).toBe(200);
    const result = AdCopyResultSchema.parse(await reply.json());

    expect(result.offline).toBe(true);
    expect(result.variants.map((v) => v.angle)).toEqual(['benefit', 'social_proof', 'urgency']);
    const allText = result.variants.map((v) => `${v.headline} ${v.primaryText} ${v.description}`).join(' ');
    expect(allText).toMatch(/ceramic coffee mugs|Handmade ceramic/i);
    expect(allText).toMatch(/remote workers/i);
    expect(new Set(result.variants.map((v) => v.headline)).size).toBe(3);
    for (const v of result.variants) {
      expect([...v.headline].length).toBeLessThanOrEqual(AD_COPY_LIMITS.headline);
      expect([...v.primaryText].length).toBeLessThanOrEqual(AD_COPY_LIMITS.primaryText);
      expect([...v.description].length).toBeLessThanOrEqual(AD_COPY_LIMITS.description);
      expect(callToActionTypes).toContain(v.callToAction);
    }
    expect(result.quota).toMatchObject({ limit: plans[DEFAULT_PLAN].limits.aiGenerationsPerDay });

    const again = AdCopyResultSchema.parse(await (await postJson('/api/ai/ad-copy', alice.token, brief)).json());
    expect(again.variants).toEqual(result.variants);
    expect(again.quota.used).toBe(result.quota.used + 1);
  });

  it('regenerates one angle differently when asked for another take', async () => {
    const first = AdCopyResultSchema.parse(
      await (await postJson('/api/ai/ad-copy', alice.token, { ...brief, variants: 1, angle: 'question' })).json(),
    );
    const second = AdCopyResultSchema.parse(
      await (
        await postJson('/api/ai/ad-copy', alice.token, { ...brief, variants: 1, angle: 'question', variation: 1 })
      ).json(),
    );
    expect(first.variants[0]!.angle).toBe('question');
    expect(second.variants[0]!.angle).toBe('question');
    expect(second.variants[0]).not.toEqual(first.variants[0]);
  });

  it("starts from the account's winning angle and call to action when sent, and not otherwise", async () => {
    const hinted = AdCopyResultSchema.parse(
      await (
        await postJson('/api/ai/ad-copy', alice.token, {
          ...brief,
          startFrom: { angle: 'question', callToAction: 'BOOK_NOW' },
        })
      ).json(),
    );
    expect(hinted.variants.map((v) => v.angle)).toEqual(['question', 'benefit', 'social_proof']);
    for (const v of hinted.variants) expect(v.callToAction).toBe('BOOK_NOW');

    const plain = AdCopyResultSchema.parse(await (await postJson('/api/ai/ad-copy', alice.token, brief)).json());
    expect(plain.variants[0]!.angle).toBe('benefit');
    expect(plain.variants.some((v) => v.callToAction === 'BOOK_NOW')).toBe(false);

    const bad = await postJson('/api/ai/ad-copy', alice.token, { ...brief, startFrom: { angle: 'clickbait' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/startFrom\.angle/);
  });

  it('records the tokens each user used today', async () => {
    expect(await generationsOf(alice.sub)).toBeGreaterThan(0);
    const usage = await tokensOf(alice.sub);
    expect(usage?.generations).toBeGreaterThan(0);
    expect(usage?.prompt_tokens).toBeGreaterThan(0);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    expect(usage?.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers a brief without a product or audience with 400 and the fields named', async () => {
    const reply = await postJson('/api/ai/ad-copy', alice.token, { product: ' ', variants: 9 });
    expect(reply.status).toBe(400);
    const body = (await reply.json()) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toMatchObject({
      'body.product': 'Describe the product or service.',
      'body.audience': 'Describe the target audience.',
      'body.variants': 'At most 5 variants at a time.',
    });
  });
});

describe('daily generation quota', () => {
  it('answers 429 QUOTA_EXCEEDED with the limit, reset time, Retry-After and the plan that allows more', async () => {
    const limit = plans[DEFAULT_PLAN].limits.aiGenerationsPerDay;
    await setGenerations(bob.sub, limit - 1);

    const last = await postJson('/api/ai/ad-copy', bob.token, brief);
    expect(last.status).toBe(200);
    const over = await postJson('/api/ai/ad-copy', bob.token, brief);

    expect(over.status).toBe(429);
    const body = (await over.json()) as { error: { code: string; message: string; details: Record<string, string> } };
    expect(body.error.code).toBe('QUOTA_EXCEEDED');
    const tomorrow = new Date(`${today()}T00:00:00.000Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expect(body.error.details).toEqual({
      quota: 'aiGenerationsPerDay',
      limit: String(limit),
      plan: DEFAULT_PLAN,
      resetsAt: tomorrow.toISOString(),
      upgradeTo: 'pro',
    });
    expect(body.error.message).toContain(tomorrow.toISOString());
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await generationsOf(bob.sub)).toBe(limit);

    // Another user's quota is their own.
    expect((await postJson('/api/ai/ad-copy', alice.token, brief)).status).toBe(200);
  });

  it('counts concurrent requests atomically: never more than the limit pass', async () => {
    const carol = await confirmedUser(client, 'ai-carol');
    try {
      const limit = plans[DEFAULT_PLAN].limits.aiGenerationsPerDay;
      await setGenerations(carol.sub, limit - 3);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => postJson('/api/ai/ad-copy', carol.token, { ...brief, variants: 1 })),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    } finally {
      await deleteUser(client, carol.email);
    }
  });
});

describe('when the model service misbehaves', () => {
  const callsSince = async (before: number) => (await modelCalls()).slice(before);

  it('retries a 429, honouring retry-after, and succeeds', async () => {
    const before = (await modelCalls()).length;
    await setModelFaults({ rateLimit: 1, retryAfterSeconds: 0 });

    const reply = await postJson('/api/ai/ad-copy', alice.token, brief);

    expect(reply.status).toBe(200);
    expect((await callsSince(before)).map((c) => c.status)).toEqual([429, 200]);
  });

  it('gives up after the retries with 502 UPSTREAM_ERROR and gives the generation back', async () => {
    const usedBefore = await generationsOf(alice.sub);
    const before = (await modelCalls()).length;
    await setModelFaults({ serverError: 100 });

    const reply = await postJson('/api/ai/ad-copy', alice.token, brief);

    expect(reply.status).toBe(502);
    expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_ERROR');
    expect((await callsSince(before)).map((c) => c.status)).toEqual([500, 500, 500]);
    expect(await generationsOf(alice.sub)).toBe(usedBefore);
  });

  it('asks once more when a reply is not valid JSON, and succeeds', async () => {
    const before = (await modelCalls()).length;
    await setModelFaults({ invalidJson: 1 });

    const reply = await postJson('/api/ai/ad-copy', alice.token, brief);

    expect(reply.status).toBe(200);
    expect(await callsSince(before)).toHaveLength(2);
  });

  it('fails with UPSTREAM_ERROR when the second reply does not match the schema either', async () => {
    const before = (await modelCalls()).length;
    await setModelFaults({ invalidJson: 1, schemaMismatch: 1 });

    const reply = await postJson('/api/ai/ad-copy', alice.token, brief);

    expect(reply.status).toBe(502);
    const body = (await reply.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('UPSTREAM_ERROR');
    expect(body.error.message).toMatch(/unexpected form/);
    expect(await callsSince(before)).toHaveLength(2);
  });
});
