import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE } from '@shared/events';
import { slackRequests } from '../notifications/sink-client';
import { twin } from '../twin-client';
import { auditRows, connectMeta, freshUser, resetFaults, setFaults, type FreshUser } from './meta-user';

/**
 * A campaign change is never lost from the audit trail, and its `campaign` event reaches the
 * bus exactly once, even when Meta stops answering after the write, when two changes race, and
 * when EventBridge is down for a while.
 */

interface BusEvent {
  event: { id: string; 'detail-type': string; detail: Record<string, unknown> };
}

async function setBusUnavailable(unavailable: boolean): Promise<void> {
  const reply = await fetch(`${twin().eventBridge}/__admin/faults`, {
    method: 'POST',
    body: JSON.stringify({ unavailable }),
  });
  if (!reply.ok) throw new Error(`Bus fault switch failed: ${reply.status}`);
}

async function campaignEvents(campaignId: string): Promise<BusEvent[]> {
  const all = (await (await fetch(`${twin().eventBridge}/events?detailType=campaign`)).json()) as BusEvent[];
  return all.filter((e) => e.event.detail.campaignId === campaignId);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('campaign changes: audit, lock and outbox', () => {
  let user: FreshUser;
  let userSub: string;
  /** A campaign with a campaign-level daily budget, and its current budget. */
  let target: { id: string; accountId: string; dailyBudget: number };

  beforeAll(async () => {
    user = await freshUser('campaign-changes');
    await connectMeta(user);
    userSub = (await (await user.call('/api/me')).json()).uid;
    const accounts = (await (await user.call('/api/meta/ad-accounts')).json()).data as { id: string }[];
    for (const account of accounts) {
      const list = (await (await user.call(`/api/meta/ad-accounts/${account.id}/campaigns`)).json()).data as {
        id: string;
        dailyBudget: number | null;
      }[];
      const found = list.find((c) => c.dailyBudget);
      if (found) {
        target = { id: found.id, accountId: account.id, dailyBudget: found.dailyBudget! };
        break;
      }
    }
    if (!target) throw new Error('The sandbox has no campaign with a campaign daily budget');
  });
  afterEach(async () => {
    await resetFaults();
    await setBusUnavailable(false);
  });
  afterAll(() => user.remove());

  const rebudget = (dailyBudget: number) =>
    user.call(`/api/meta/campaigns/${target.id}`, { method: 'PATCH', body: JSON.stringify({ dailyBudget }) });

  const completedRows = async () =>
    (await auditRows(userSub)).filter((r) => r.campaign_id === target.id && r.status === 'completed');

  it('answers success and completes the audit when Meta stops answering right after accepting the change', async () => {
    const budget = target.dailyBudget + 111;
    await setFaults({ serverErrorAfterWrite: 8 });
    const reply = await rebudget(budget);
    expect(reply.status).toBe(200);
    expect((await reply.json()).dailyBudget).toBe(budget);
    await resetFaults();

    const rows = (await auditRows(userSub)).filter((r) => r.campaign_id === target.id);
    const pending = rows.find((r) => r.status === 'pending' && r.requested?.daily_budget === budget);
    expect(pending).toBeTruthy();
    const completed = rows.find((r) => r.pending_key === pending!.changed_at_id);
    expect(completed).toMatchObject({
      status: 'completed',
      before: { dailyBudget: target.dailyBudget },
      after: { dailyBudget: budget },
      // Read-back failed: the audit says the "after" is what was requested, not what Meta said.
      after_source: 'requested',
    });
    // Meta did apply it (the cache was dropped, so the list reads Meta again).
    const list = (await (await user.call(`/api/meta/ad-accounts/${target.accountId}/campaigns`)).json()).data as {
      id: string;
      dailyBudget: number;
    }[];
    expect(list.find((c) => c.id === target.id)!.dailyBudget).toBe(budget);
    target.dailyBudget = budget;
  });

  it('serialises two concurrent changes so each audit row shows the true before → after', async () => {
    const start = target.dailyBudget;
    const [a, b] = [start + 200, start + 300];
    const replies = await Promise.all([rebudget(a), rebudget(b)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);

    const rows = (await completedRows()).filter((r) => [a, b].includes(r.after.dailyBudget));
    expect(rows).toHaveLength(2);
    const [first, second] = [...rows].sort((x, y) => String(x.changed_at_id).localeCompare(String(y.changed_at_id)));
    // The first change started from the budget before both; the second from what the first left.
    expect(first!.before.dailyBudget).toBe(start);
    expect(second!.before.dailyBudget).toBe(first!.after.dailyBudget);
    expect(first!.after_source).toBe('meta');
    expect(second!.after_source).toBe('meta');
    target.dailyBudget = second!.after.dailyBudget;
  });

  it('delivers the campaign event exactly once after EventBridge fails and recovers', async () => {
    const budget = target.dailyBudget + 7;
    // Only this change's events: the earlier tests' events may still be on their way through the relay.
    const thisChange = async () => (await campaignEvents(target.id)).filter((e) => e.event.detail.budget === budget);
    const before = (await thisChange()).length;
    await setBusUnavailable(true);

    const reply = await rebudget(budget);
    expect(reply.status).toBe(200);
    // While the bus is down the event waits in the outbox.
    await pause(1500);
    expect((await thisChange()).length).toBe(before);

    await setBusUnavailable(false);
    const events = await until(thisChange, (list) => list.length > before);
    // Give the relay time to (wrongly) send it again.
    await pause(1500);
    const after = (await thisChange()).slice(before);
    expect(events.length).toBeGreaterThan(before);
    expect(after).toHaveLength(1);
    expect(after[0]!.event.detail).toMatchObject({
      action: 'budget_change',
      campaignId: target.id,
      userId: userSub,
      budget,
    });
    target.dailyBudget = budget;
  });

  it('posts a campaign event to Slack once when the relay delivers its outbox row twice', async () => {
    const budget = target.dailyBudget + 3;
    expect((await rebudget(budget)).status).toBe(200);
    const [event] = await until(
      async () => (await campaignEvents(target.id)).filter((e) => e.event.detail.budget === budget),
      (list) => list.length > 0,
    );
    const outboxId = event?.event.detail.outboxId;
    expect(typeof outboxId).toBe('string');
    const key = `outbox:${String(outboxId)}`;
    const postsWithKey = async () =>
      (await slackRequests()).filter((r) => r.status === 200 && r.eventIds.includes(key));
    expect(await until(postsWithKey, (posts) => posts.length > 0)).toHaveLength(1);

    // The pipe's at-least-once redelivery: the same row's detail on the bus again, under a new event id.
    const bus = new EventBridgeClient({
      endpoint: twin().eventBridge,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const again = await bus.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: EVENT_SOURCE,
            DetailType: 'campaign',
            Detail: JSON.stringify(event!.event.detail),
            EventBusName: 'adsmith-local',
          },
        ],
      }),
    );
    expect(again.FailedEntryCount).toBe(0);
    await until(
      async () => (await campaignEvents(target.id)).filter((e) => e.event.detail.outboxId === outboxId),
      (list) => list.length > 1,
    );
    // Time for the forwarder to (wrongly) post the repeat.
    await pause(3000);
    expect(await postsWithKey()).toHaveLength(1);
    target.dailyBudget = budget;
  });
});
