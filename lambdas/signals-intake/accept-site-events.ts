import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryJob, SiteEventsRequest } from '@shared/schemas/signals-endpoint';
import { tableKey } from '@shared/table-keys';
import { AppError, conflict, validationError } from '../lib/errors';
import { countHour, eventItemKey, expiresAt, pixelScope, type DeliveriesTable } from '../lib/signals/delivery-records';
import { findSiteKey, type SiteKeysIndex } from './find-site-key';
import { toServerEvent, type RequestVisitor } from './server-event';

export interface IntakeDeps {
  keys: SiteKeysIndex;
  deliveries: DeliveriesTable;
  /** Puts one job on the delivery queue; resolves once SQS has it. */
  queue: (job: DeliveryJob) => Promise<void>;
  now: () => Date;
}

/** Meta's window (server-event parameters): at most 7 days old; a minute of clock skew ahead is tolerated. */
const MAX_AGE_S = 7 * 86_400;
const FUTURE_SKEW_S = 60;

export const QUEUE_FAILED =
  'The events could not be queued, so none of them was kept. Please send them again; each is accepted once.';

/**
 * How long a claim holds an event before it is queued: longer than this function can run (10 s), so a request still
 * running keeps its events, and short enough that a claim left by a request that died between claiming and queuing
 * (or could not give its claim back) is taken over by the site's next retry instead of being counted a duplicate.
 */
export const CLAIM_LEASE_MS = 60_000;

export const HELD_BY_ANOTHER_REQUEST = (count: number) =>
  `${count === 1 ? 'One of these events is' : `${count} of these events are`} being accepted by another request, so none of them was kept. Please send them again in a minute; each is accepted once.`;

/**
 * The first-party Conversions API endpoint: checks the key, then every event as Meta would (so none is queued only to
 * be refused days later), hashes what the visitor consented to share, claims each (pixel, event name, event id) once
 * and puts the new ones on the delivery queue in one message. A claim is leased until the message is queued: it is
 * given back when the queue refused the message, and a claim nobody confirmed (the request died, or giving it back
 * failed too) is taken over once its lease ends, so the site's retry is accepted and nothing is lost. An event whose
 * claim was confirmed is a duplicate and not queued again; one still leased to another request makes the whole
 * request fail with nothing kept, to be sent again.
 */
export async function acceptSiteEvents(
  request: SiteEventsRequest,
  visitor: RequestVisitor,
  deps: IntakeDeps,
): Promise<{ accepted: number; duplicates: number }> {
  const scope = await findSiteKey(deps.keys, request.key);
  const now = deps.now();
  const nowS = Math.floor(now.getTime() / 1000);

  const events = request.data.map((event, index) => {
    if (event.event_time < nowS - MAX_AGE_S)
      throw validationError(`data.${index}.event_time: is more than 7 days old; Meta would refuse it.`);
    if (event.event_time > nowS + FUTURE_SKEW_S) throw validationError(`data.${index}.event_time: is in the future.`);
    const server = toServerEvent(event, request.consent, visitor);
    if (Object.keys(server.user_data).length === 0)
      throw validationError(
        `data.${index}.user_data: Meta needs at least one customer information parameter: send client_user_agent, or customer data with consent.`,
      );
    return server;
  });

  const seen = new Set<string>();
  const unique = events.filter((event) => {
    const key = eventItemKey(event.event_name, event.event_id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const claimId = randomUUID();
  const outcomes = await Promise.all(
    unique.map(async (event) => ({ event, outcome: await claim(deps, scope, event, now, claimId) })),
  );
  const claimed = outcomes.filter((o) => o.outcome === 'claimed').map((o) => o.event);
  const held = outcomes.filter((o) => o.outcome === 'held').length;
  if (held > 0) {
    await Promise.all(claimed.map((event) => release(deps, scope, event, claimId)));
    throw conflict(HELD_BY_ANOTHER_REQUEST(held));
  }

  if (claimed.length > 0) {
    try {
      await deps.queue({
        workspaceId: scope.workspaceId,
        pixelId: scope.pixelId,
        acceptedAt: now.getTime(),
        ...(request.test_event_code && { testEventCode: request.test_event_code }),
        events: claimed,
      });
    } catch (error) {
      // If giving a claim back fails too, its lease ends and the site's retry takes it over.
      await Promise.allSettled(claimed.map((event) => release(deps, scope, event, claimId)));
      throw new AppError('UPSTREAM_ERROR', QUEUE_FAILED, { cause: error });
    }
    // Queued: the claims become final. One not confirmed here only waits for its lease to end; the delivery
    // function reads each event's status before sending, so an event queued twice is still sent once.
    await Promise.allSettled(claimed.map((event) => confirm(deps, scope, event, claimId)));
  }
  const duplicates = events.length - claimed.length;
  await countHour(deps.deliveries, scope.workspaceId, scope.pixelId, now, { accepted: claimed.length, duplicates });
  return { accepted: claimed.length, duplicates };
}

type Scope = Awaited<ReturnType<typeof findSiteKey>>;
type Event = ReturnType<typeof toServerEvent>;

const eventKey = (scope: Scope, event: Event) =>
  tableKey(
    'signalDeliveries',
    pixelScope(scope.workspaceId, scope.pixelId),
    eventItemKey(event.event_name, event.event_id),
  );

/**
 * `claimed` when this request now holds the event: its row did not exist, or its lease ended unconfirmed.
 * Otherwise `duplicate` (a confirmed claim: queued before) or `held` (another request's lease is running).
 */
async function claim(
  deps: IntakeDeps,
  scope: Scope,
  event: Event,
  now: Date,
  claimId: string,
): Promise<'claimed' | 'duplicate' | 'held'> {
  try {
    await deps.deliveries.doc.send(
      new PutCommand({
        TableName: deps.deliveries.table,
        Item: {
          ...eventKey(scope, event),
          status: 'queued',
          accepted_at: now.getTime(),
          key_id: scope.keyId,
          expires_at: expiresAt(now),
          claim_id: claimId,
          lease_until: now.getTime() + CLAIM_LEASE_MS,
        },
        // A confirmed claim has no lease, so it is never taken over.
        ConditionExpression: 'attribute_not_exists(item_key) OR lease_until < :now',
        ExpressionAttributeValues: { ':now': now.getTime() },
      }),
    );
    return 'claimed';
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const { Item } = await deps.deliveries.doc.send(
      new GetCommand({
        TableName: deps.deliveries.table,
        Key: eventKey(scope, event),
        ConsistentRead: true,
        ProjectionExpression: 'lease_until',
      }),
    );
    return Item?.lease_until === undefined ? 'duplicate' : 'held';
  }
}

/** Gives this request's claim back (only its own: another request may have taken the event over since). */
async function release(deps: IntakeDeps, scope: Scope, event: Event, claimId: string): Promise<void> {
  await deps.deliveries.doc.send(
    new DeleteCommand({
      TableName: deps.deliveries.table,
      Key: eventKey(scope, event),
      ConditionExpression: 'claim_id = :mine AND attribute_exists(lease_until)',
      ExpressionAttributeValues: { ':mine': claimId },
    }),
  );
}

/** Makes this request's claim final once its event is on the queue: no lease, so no one takes it over. */
async function confirm(deps: IntakeDeps, scope: Scope, event: Event, claimId: string): Promise<void> {
  await deps.deliveries.doc.send(
    new UpdateCommand({
      TableName: deps.deliveries.table,
      Key: eventKey(scope, event),
      UpdateExpression: 'REMOVE lease_until, claim_id',
      ConditionExpression: 'claim_id = :mine',
      ExpressionAttributeValues: { ':mine': claimId },
    }),
  );
}
