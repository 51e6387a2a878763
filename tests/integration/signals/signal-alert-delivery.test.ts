import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@shared/events';
import { queueStats, slackRequests, webhookRequests } from '../notifications/sink-client';
import { until } from '../optimizer/optimizer-setup';
import { twin } from '../twin-client';

/**
 * A signal alert from the bus to Slack and the automation webhook on the twin: the bus rule, the queues, both
 * forwarders and the sinks, with the monitor's own detail (signal-alerts.test.ts checks that the monitor raises it).
 * A pixel is named by the customer, so its name is escaped before Slack can read it as a mention or a link; a second
 * delivery of the same alert (the same workspace, pixel, event, kind and day) is dropped by each forwarder.
 */
describe('a signal alert reaches Slack and the webhook', () => {
  it('posts the alert once to each, with the customer-named pixel escaped', async () => {
    const run = randomUUID().slice(0, 8);
    const detail = {
      workspaceId: `ws-${run}`,
      adAccountId: '1234567890',
      pixelId: `77${Date.now() % 1_000_000}`,
      pixelName: `Shop <!channel> & <https://evil.example|pixel> ${run}`,
      eventName: 'AddToCart',
      kind: 'stopped',
      day: '2026-11-16',
      title: `AddToCart stopped 4 days ago ${run}`,
      detail: 'Meta last received AddToCart from this pixel on 16 November. Check the tag on your cart page.',
      url: 'https://adsmith.example/signals',
    };
    const bus = new EventBridgeClient({
      endpoint: twin().eventBridge,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const put = () =>
      bus.send(
        new PutEventsCommand({
          Entries: [
            {
              Source: EVENT_SOURCE,
              DetailType: 'signal_alert',
              Detail: JSON.stringify(detail),
              EventBusName: 'adsmith-local',
            },
          ],
        }),
      );
    expect((await put()).FailedEntryCount).toBe(0);
    // Delivered twice (as the bus may): told once.
    expect((await put()).FailedEntryCount).toBe(0);

    const mentions = (rows: { body: unknown }[]) => rows.filter((row) => JSON.stringify(row.body).includes(run));
    const slack = await until(
      async () => mentions(await slackRequests()),
      (rows) => rows.length > 0,
      30_000,
    );
    const webhook = await until(
      async () => mentions(await webhookRequests()),
      (rows) => rows.length > 0,
      30_000,
    );
    const text = JSON.stringify(slack[0]!.body);
    expect(text).toContain(`AddToCart stopped 4 days ago ${run}`);
    expect(text).toContain('&lt;!channel&gt; &amp; &lt;https://evil.example|pixel&gt;');
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('https://adsmith.example/signals');
    expect(JSON.stringify(webhook[0]!.body)).toContain(detail.pixelId);

    // Once the notification queues have nothing left waiting or in flight, both deliveries were handled: one post each.
    await until(queueStats, (queues) => queues.every((queue) => queue.visible === 0 && queue.inFlight === 0), 30_000);
    expect(mentions(await slackRequests())).toHaveLength(1);
    expect(mentions(await webhookRequests())).toHaveLength(1);
  });
});
