import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '@shared/schemas/contact';
import { api, eventually, twin } from '../twin-client';
import { busEvents, slackRequests, webhookRequests } from './sink-client';

const doc = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: twin().dynamodb,
    region: twin().cognito.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);
afterAll(() => doc.destroy());

/** Each test its own client address, so the per-address throttle of one does not touch another. */
const contact = (body: unknown, clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`) =>
  api('/api/contact', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
  });

const form = (marker: string) => ({
  name: `Visitor ${marker}`,
  email: `visitor-${marker}@example.test`,
  company: 'Acme & Sons <Ltd>',
  message: `Hello, I would like to know more. ${marker}`,
});

describe('POST /api/contact (public)', () => {
  it('stores the message, then announces it to Slack (contact) and the webhook (form_submission)', async () => {
    const marker = randomUUID().slice(0, 8);

    const reply = await contact(form(marker));

    expect(reply.status).toBe(201);
    const { id, status } = (await reply.json()) as { id: string; status: string };
    expect(status).toBe('received');
    const stored = await doc.send(new GetCommand({ TableName: 'adsmith-local-contact_messages', Key: { id } }));
    expect(stored.Item).toMatchObject({ id, name: `Visitor ${marker}`, message: form(marker).message });
    const slack = await eventually(
      async () =>
        (await slackRequests()).find((r) => r.status === 200 && JSON.stringify(r.body).includes(`Visitor ${marker}`)),
      'the contact post in Slack',
      15_000,
    );
    // Visitor text is escaped for Slack: no forged links or mentions.
    expect(JSON.stringify(slack.body)).toContain('Acme &amp; Sons &lt;Ltd&gt;');
    const hook = await eventually(
      async () => (await webhookRequests()).find((r) => JSON.stringify(r.body).includes(`Visitor ${marker}`)),
      'the form_submission webhook',
      15_000,
    );
    expect(hook.body).toMatchObject({
      event: 'form_submission',
      formData: { id, name: `Visitor ${marker}`, email: `visitor-${marker}@example.test` },
    });
  });

  it('answers invalid input with 400 and field messages, storing and emitting nothing', async () => {
    const marker = randomUUID().slice(0, 8);
    const reply = await contact({ name: '', email: 'not-an-email', message: `short ${marker}`.slice(0, 5) });

    expect(reply.status).toBe(400);
    const body = (await reply.json()) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details['body.email']).toBe('Please enter a valid email address');
    expect(body.error.details['body.name']).toBe('Please enter your name');
  });

  it('gives a filled honeypot the same success reply and announces nothing', async () => {
    const marker = randomUUID().slice(0, 8);
    const reply = await contact({ ...form(marker), website: 'http://spam.example' });

    expect(reply.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = await busEvents<Record<string, unknown>>('contact');
    expect(events.some((e) => JSON.stringify(e.event.detail).includes(marker))).toBe(false);
  });

  it(`throttles one address after ${CONTACT_LIMIT.submissions} messages with a clear 429`, async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < CONTACT_LIMIT.submissions; i += 1) {
      expect((await contact(form(randomUUID().slice(0, 8)), ip)).status).toBe(201);
    }
    const refused = await contact(form('over'), ip);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/wait a few minutes/);
    // Another address is unaffected.
    expect((await contact(form(randomUUID().slice(0, 8)))).status).toBe(201);
  });
});

describe('POST /api/clicks (anonymous visitors)', () => {
  const clicks = (body: unknown) =>
    api('/api/clicks', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it('accepts clicks without any email and puts them on the bus as they are', async () => {
    const marker = `anon-${randomUUID().slice(0, 8)}`;
    const reply = await clicks({
      clicks: [{ buttonText: marker, page: '/pricing', timestamp: new Date().toISOString() }],
    });

    expect(reply.status).toBe(202);
    const event = await eventually(async () => {
      return (await busEvents<Record<string, unknown>>('button_click')).find(
        (e) => e.event.detail.buttonText === marker,
      );
    }, 'the anonymous click on the bus');
    expect(event.event.detail).toEqual({ buttonText: marker, page: '/pricing' });
  });

  it('refuses a claimed identity outright (400): anonymous clicks carry no email', async () => {
    const reply = await clicks({
      clicks: [{ buttonText: 'x', page: '/', timestamp: new Date().toISOString(), userEmail: 'someone@example.test' }],
    });
    expect(reply.status).toBe(400);
  });
});
