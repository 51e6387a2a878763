import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@shared/events';
import { api, cognitoClient, eventually, signIn, twin } from '../twin-client';
import { busEvents, deliveredCounts, slackRequests, webhookRequests } from './sink-client';

const client = cognitoClient();
const { demoUser } = twin();
let token: string;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const bus = new EventBridgeClient({ endpoint: twin().eventBridge, region: twin().cognito.region, credentials });

beforeAll(async () => {
  token = (await signIn(client, demoUser.email, demoUser.password)).AccessToken as string;
});
afterAll(() => {
  client.destroy();
  bus.destroy();
});

const post = (path: string, body: unknown, auth = true) =>
  api(path, {
    method: 'POST',
    token: auth ? token : undefined,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

const now = () => new Date().toISOString();

/** The Slack posts that mention `marker`, once they have arrived. */
async function slackPostsWith(marker: string, what: string) {
  return eventually(
    async () => {
      const mine = (await slackRequests()).filter((r) => r.status === 200 && JSON.stringify(r.body).includes(marker));
      return mine.length > 0 ? mine : undefined;
    },
    what,
    15_000,
  );
}

// Issue 25, requirement 11: where the deployment sends its notifications, its delivery log (others' sign-ups and
// messages) and the test sends are its operators' (the Cognito operators group), never a customer's.
describe('the operators’ notification routes', () => {
  it('refuses a signed-in customer with 403 and serves a member of the operators group', async () => {
    const operator = twin().demoOperator!;
    const operatorToken = (await signIn(client, operator.email, operator.password)).AccessToken as string;
    const status = (as: string) => api('/api/notifications/status', { token: as });
    const test = (as: string) =>
      api('/api/notifications/test', {
        method: 'POST',
        token: as,
        body: JSON.stringify({ target: 'slack' }),
        headers: { 'content-type': 'application/json' },
      });

    const refused = await status(token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('FORBIDDEN');
    expect((await test(token)).status).toBe(403);

    const served = await status(operatorToken);
    expect(served.status).toBe(200);
    expect(await served.json()).toHaveProperty('deliveries');
  });
});

describe('POST /api/notifications', () => {
  it('accepts a click (202), takes the email from the token and drops identity fields from the body', async () => {
    const marker = `click-${randomUUID()}`;

    const reply = await post('/api/notifications', {
      type: 'button_click',
      data: { buttonText: marker, page: '/dashboard', userEmail: 'attacker@evil.test', userId: 'someone-else' },
      timestamp: now(),
    });

    expect(reply.status).toBe(202);
    expect(await reply.json()).toEqual({ accepted: 1 });
    const events = await eventually(async () => {
      const mine = (await busEvents<Record<string, unknown>>('button_click')).filter(
        (e) => e.event.detail.buttonText === marker,
      );
      return mine.length ? mine : undefined;
    }, 'the click on the bus');
    expect(events).toHaveLength(1);
    expect(events[0]!.event.detail).toEqual({ buttonText: marker, page: '/dashboard', userEmail: demoUser.email });
    const posts = await slackPostsWith(marker, 'the click digest');
    expect(posts).toHaveLength(1);
    expect(JSON.stringify(posts[0]!.body)).not.toContain('attacker@evil.test');
  });

  it('needs a signed-in user', async () => {
    const reply = await post(
      '/api/notifications',
      { type: 'button_click', data: { buttonText: 'x', page: '/' }, timestamp: now() },
      false,
    );
    expect(reply.status).toBe(401);
  });

  it.each([
    ['a signup (only Cognito announces signups)', { type: 'signup', data: { email: 'a@b.c', name: 'A', userId: 'u' } }],
    [
      'a payment (only billing emits payments)',
      { type: 'payment', data: { amount: 1, customerEmail: 'a@b.c', paymentId: 'p' } },
    ],
    [
      'a campaign action (only the server emits these)',
      { type: 'campaign', data: { action: 'paused', campaignName: 'x' } },
    ],
    ['a click without its label', { type: 'button_click', data: { page: '/' } }],
  ])('rejects %s with 400 and emits nothing', async (_, partial) => {
    const marker = `bad-${randomUUID()}`;
    const before = (await busEvents('signup')).length + (await busEvents('payment')).length;

    const reply = await post('/api/notifications', { ...partial, data: { ...partial.data, marker }, timestamp: now() });

    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    expect((await busEvents('signup')).length + (await busEvents('payment')).length).toBe(before);
  });

  it('rejects a notification without a valid timestamp', async () => {
    const reply = await post('/api/notifications', {
      type: 'button_click',
      data: { buttonText: 'x', page: '/' },
      timestamp: 'yesterday',
    });
    expect(reply.status).toBe(400);
  });

  it('accepts a batch of up to 50 and refuses 51, emitting nothing for the refused batch', async () => {
    const marker = `batch-${randomUUID()}`;
    const click = (i: number) => ({
      type: 'button_click',
      data: { buttonText: `${marker}-${i}`, page: '/batch' },
      timestamp: now(),
    });

    const tooMany = await post('/api/notifications/batch', {
      notifications: Array.from({ length: 51 }, (_, i) => click(i)),
    });
    expect(tooMany.status).toBe(400);
    const ok = await post('/api/notifications/batch', {
      notifications: Array.from({ length: 50 }, (_, i) => click(i)),
    });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ accepted: 50 });

    const ids = await eventually(async () => {
      const mine = (await busEvents<{ buttonText: string }>('button_click')).filter((e) =>
        e.event.detail.buttonText.startsWith(marker),
      );
      return mine.length >= 50 ? mine.map((e) => `event:${e.event.id}`) : undefined;
    }, 'the 50 clicks on the bus');
    expect(ids).toHaveLength(50);
    await eventually(
      async () => {
        const counts = deliveredCounts(await slackRequests());
        return ids.every((id) => counts.get(id) === 1) ? true : undefined;
      },
      'every click of the batch in a digest, once',
      15_000,
    );
  });
});

describe('every notification type reaches the Slack sink once', () => {
  it('formats signup, contact, payment, error and campaign events as readable Block Kit posts', async () => {
    const marker = randomUUID().slice(0, 8);
    const put = (detailType: string, detail: Record<string, unknown>) => ({
      Source: EVENT_SOURCE,
      DetailType: detailType,
      Detail: JSON.stringify(detail),
      EventBusName: 'adsmith-local',
    });
    // Server-side types go straight onto the bus, as Cognito, the contact function, billing and the Meta API put them.
    const reply = await bus.send(
      new PutEventsCommand({
        Entries: [
          put('signup', { email: `s-${marker}@example.test`, name: `Signup ${marker}`, userId: `u-${marker}` }),
          put('contact', { name: `Contact ${marker}`, email: 'c@example.test', message: 'Hello there, team' }),
          put('payment', {
            amount: 4900,
            currency: 'USD',
            customerEmail: `p-${marker}@example.test`,
            paymentId: `pay-${marker}`,
          }),
          put('campaign', {
            action: 'paused',
            campaignName: `Campaign ${marker}`,
            budget: 25,
            userEmail: 'm@example.test',
          }),
        ],
      }),
    );
    expect(reply.FailedEntryCount).toBe(0);
    const apiError = await post('/api/notifications', {
      type: 'error',
      data: { errorType: 'NETWORK_ERROR', message: `Error ${marker}`, component: 'Dashboard', url: '/dashboard' },
      timestamp: now(),
    });
    expect(apiError.status).toBe(202);

    const expectations: [string, RegExp][] = [
      [`Signup ${marker}`, /New signup/],
      [`Contact ${marker}`, /New contact message/],
      [`pay-${marker}`, /Payment received.*\$49\.00/],
      [`Campaign ${marker}`, /Campaign paused.*25\.00/],
      [`Error ${marker}`, /Error \(warning\): NETWORK_ERROR/],
    ];
    for (const [text, shape] of expectations) {
      const posts = await slackPostsWith(text, `the Slack post with ${text}`);
      const json = JSON.stringify(posts.map((p) => p.body));
      expect(json).toMatch(shape);
      // Once: the post's own event ids are not repeated in any other accepted post.
      const counts = deliveredCounts(await slackRequests());
      for (const id of posts.flatMap((p) => p.eventIds)) expect(counts.get(id)).toBe(1);
    }
  });

  it('sends signups to the automation webhook as user_signup, not to Slack twice', async () => {
    const marker = randomUUID().slice(0, 8);
    await bus.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: EVENT_SOURCE,
            DetailType: 'user_signup',
            Detail: JSON.stringify({ email: `w-${marker}@example.test`, userId: `w-${marker}` }),
            EventBusName: 'adsmith-local',
          },
        ],
      }),
    );
    const hook = await eventually(
      async () => {
        return (await webhookRequests()).find((r) => r.body.userId === `w-${marker}`);
      },
      'the webhook post',
      15_000,
    );
    expect(hook.body).toMatchObject({ event: 'user_signup', email: `w-${marker}@example.test` });
    expect((await slackRequests()).some((r) => JSON.stringify(r.body).includes(`w-${marker}`))).toBe(false);
  });
});
