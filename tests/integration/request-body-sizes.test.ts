import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE } from '@infra/twin/secrets/local-secret-values';
import { signatureHeader, stripeEvent } from '@infra/twin/stripe/webhook-delivery';
import { parseCsv, proposeMapping } from '@shared/mmm/csv-import';
import { DatasetSummarySchema } from '@shared/schemas/mmm';
import { api, cognitoClient, deleteUser } from './twin-client';
import { confirmedUser, postJson } from './ai/ai-user';

/**
 * Issue 23, finding 1: bodies over 8 KB are the product's everyday traffic, and every layer the twin has
 * between the browser (or Stripe) and the function takes them: the API gateway and the function's own
 * per-route limit (shared/routes.ts maxBodyBytes). In AWS the WAF in front counts, not blocks, them
 * (tests/infra/waf-stack.test.ts).
 */
const SAMPLE_CSV = readFileSync(path.resolve(__dirname, '../fixtures/mmm/pymc_marketing_mmm_example.csv'), 'utf8');
const client = cognitoClient();
let user: Awaited<ReturnType<typeof confirmedUser>>;

beforeAll(async () => {
  user = await confirmedUser(client, 'body-sizes');
});
afterAll(async () => {
  await deleteUser(client, user.email);
  client.destroy();
});

describe('request bodies over 8 KB', () => {
  it('the sample marketing-mix CSV (12.5 KB) uploads', async () => {
    const mapping = proposeMapping(parseCsv(SAMPLE_CSV).header);
    const body = { name: 'Sample upload', csv: SAMPLE_CSV, mapping };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(12_000);
    const reply = await postJson('/api/mmm/datasets', user.token, body);
    expect(reply.status).toBe(201);
    expect(DatasetSummarySchema.parse(await reply.json()).periods).toBe(179);
  });

  it('a signed 20 KB Stripe webhook is received', async () => {
    // An invoice with many lines, as Stripe sends for a busy subscription; a type billing records nothing for.
    const lines = Array.from({ length: 60 }, (_, i) => ({
      id: `il_${String(i).padStart(24, '0')}`,
      object: 'line_item',
      amount: 1900,
      currency: 'usd',
      description: `1 × Adsmith Pro seat ${i} (at $19.00 / month), with a long enough description to weigh something`,
      metadata: { seat: String(i), note: 'x'.repeat(120) },
    }));
    const now = Math.floor(Date.now() / 1000);
    const event = stripeEvent(
      'invoice.created',
      { id: 'in_body_size', object: 'invoice', lines: { data: lines } },
      now,
    );
    const payload = JSON.stringify(event);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(20_000);
    expect(Buffer.byteLength(payload)).toBeLessThan(24_000);
    const reply = await api('/api/billing/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, LOCAL_STRIPE.webhookSecret, now),
      },
      body: payload,
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ received: true });
  });
});
