import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import { AppError } from '@lambdas/lib/errors';
import { createGraphClient, type GraphCallInfo } from '@lambdas/lib/meta/graph-client';
import { type GraphError, blamedFields } from '@lambdas/lib/meta/graph-errors';
import { metaMessage } from '@lambdas/campaign-generator/publish-plan';
import { APP_SECRET, graph, login, startTestSandbox } from './sandbox-client';

/**
 * Issue 22, finding 4, end to end: the product's Graph client reads the sandbox's Meta-shaped errors.
 * A refusal Meta marks `is_transient: false` is sent once and shown in Meta's words for people; a
 * temporary failure (`is_transient: true`) is retried.
 */

let sandbox: MetaSandbox;
let token: string;
let accountId: string;
let calls: GraphCallInfo[];

function client() {
  return createGraphClient({
    baseUrl: sandbox.url,
    accessToken: token,
    appSecret: APP_SECRET,
    sleep: async () => {},
    onCall: (info) => calls.push(info),
  });
}

async function faults(body: unknown) {
  await fetch(`${sandbox.url}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  token = await login(sandbox);
  accountId = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data[0].id;
});

beforeEach(async () => {
  calls = [];
  await fetch(`${sandbox.url}/__admin/reset`, { method: 'POST', body: '{}' });
});

afterAll(async () => {
  await sandbox.stop();
});

describe('Graph client against the sandbox’s error bodies', () => {
  it('sends a refused ad set once and explains it in Meta’s words for people', async () => {
    const graphClient = client();
    const campaign = (await graphClient.post(`${accountId}/campaigns`, {
      name: 'Errors',
      objective: 'OUTCOME_TRAFFIC',
      status: 'PAUSED',
      special_ad_categories: [],
      daily_budget: 5000,
    })) as { id: string };
    calls = [];

    const error = await graphClient
      .post(`${accountId}/adsets`, {
        name: 'No flag',
        campaign_id: campaign.id,
        optimization_goal: 'LINK_CLICKS',
        billing_event: 'IMPRESSIONS',
        destination_type: 'WEBSITE',
        status: 'PAUSED',
        targeting: { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 55 },
      })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^Advantage Audience Flag Required: To create your ad set/),
    });
    const cause = (error as AppError).cause as GraphError;
    expect(cause.meta).toMatchObject({ code: 100, error_subcode: 1870227, is_transient: false });
    expect(blamedFields(cause.meta)).toEqual(['targeting']);
    expect(calls).toHaveLength(1);
  });

  // Issue 22 (d): many create refusals name no field (no error_data); the person still reads Meta's title and
  // message, in the publish's failure and in the API's answer, never a generic line.
  it('explains a create refusal that blames no field in Meta’s words, through the client and the publish', async () => {
    const graphClient = client();
    const error = await graphClient
      .post(`${accountId}/adcreatives`, {
        name: 'Someone else’s page',
        object_story_spec: { page_id: '999', link_data: { link: 'https://shop.example.com', message: 'Hi' } },
      })
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "Invalid Page: The Page 999 can't be used by this ad account.",
    });
    const cause = (error as AppError).cause as GraphError;
    expect(cause.meta).toMatchObject({ code: 100, error_subcode: 1487472, is_transient: false });
    expect(cause.meta?.error_data).toBeUndefined();
    expect(blamedFields(cause.meta)).toEqual([]);
    expect(metaMessage(error)).toBe("Invalid Page: The Page 999 can't be used by this ad account.");
  });

  it('retries a failure Meta marks transient, then succeeds', async () => {
    await faults({ serverError: 1 });

    const reply = await client().get(`${accountId}/campaigns`, { limit: 1 });

    expect(reply).toMatchObject({ data: expect.any(Array) });
    expect(calls.map((call) => call.status)).toEqual([500, 200]);
  });
});
