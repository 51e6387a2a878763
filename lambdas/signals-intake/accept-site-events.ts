import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryJob, SiteEventsRequest } from '@shared/schemas/signals-endpoint';
import { tableKey } from '@shared/table-keys';
import { AppError, validationError } from '../lib/errors';
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
 * The first-party Conversions API endpoint: checks the key, then every event as Meta would (so none is queued only to
 * be refused days later), hashes what the visitor consented to share, claims each (pixel, event name, event id) once
 * and puts the new ones on the delivery queue in one message. A claim is given back when the queue refused the
 * message, so the site's retry is accepted; an event claimed before is counted as a duplicate and not queued again.
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
  const claimed = (
    await Promise.all(unique.map(async (event) => ((await claim(deps, scope, event, now)) ? event : undefined)))
  ).filter((event) => event !== undefined);

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
      await Promise.all(claimed.map((event) => release(deps, scope, event)));
      throw new AppError('UPSTREAM_ERROR', QUEUE_FAILED, { cause: error });
    }
  }
  const duplicates = events.length - claimed.length;
  await countHour(deps.deliveries, scope.workspaceId, scope.pixelId, now, { accepted: claimed.length, duplicates });
  return { accepted: claimed.length, duplicates };
}

type Scope = Awaited<ReturnType<typeof findSiteKey>>;
type Event = ReturnType<typeof toServerEvent>;

/** True when this request is the first to accept the event (the row did not exist). */
async function claim(deps: IntakeDeps, scope: Scope, event: Event, now: Date): Promise<boolean> {
  try {
    await deps.deliveries.doc.send(
      new PutCommand({
        TableName: deps.deliveries.table,
        Item: {
          ...tableKey(
            'signalDeliveries',
            pixelScope(scope.workspaceId, scope.pixelId),
            eventItemKey(event.event_name, event.event_id),
          ),
          status: 'queued',
          accepted_at: now.getTime(),
          key_id: scope.keyId,
          expires_at: expiresAt(now),
        },
        ConditionExpression: 'attribute_not_exists(item_key)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

async function release(deps: IntakeDeps, scope: Scope, event: Event): Promise<void> {
  await deps.deliveries.doc.send(
    new DeleteCommand({
      TableName: deps.deliveries.table,
      Key: tableKey(
        'signalDeliveries',
        pixelScope(scope.workspaceId, scope.pixelId),
        eventItemKey(event.event_name, event.event_id),
      ),
      ConditionExpression: '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued' },
    }),
  );
}
