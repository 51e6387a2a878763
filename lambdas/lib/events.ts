import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { eventBridgeSdk } from './aws/eventbridge';
import { clientOf, type ClientAccess } from './aws/lazy-sdk';
import type { AppEvent, AppEventDetail, EventDetail, EventKey, events } from '@shared/events';
import { EVENT_SOURCE } from '@shared/events/declaration';

/**
 * Puts one event of the events table on the bus: the writer passes the event's own declaration
 * (`@shared/events/<event>`), so it builds that event's schema and no other. The detail is checked
 * against the declared schema first, so consumers can trust its shape.
 */
export async function publishEvent<E extends AppEvent>(
  access: ClientAccess<EventBridgeClient>,
  busName: string,
  declaration: E,
  detail: AppEventDetail<E>,
): Promise<void> {
  const checked = declaration.detail.parse(detail);
  const [{ PutEventsCommand }, client] = await Promise.all([eventBridgeSdk(), clientOf(access)]);
  const reply = await client.send(
    new PutEventsCommand({
      Entries: [
        {
          Source: EVENT_SOURCE,
          DetailType: declaration.detailType,
          Detail: JSON.stringify(checked),
          EventBusName: busName,
        },
      ],
    }),
  );
  if (reply.FailedEntryCount) {
    const entry = reply.Entries?.find((e) => e.ErrorCode);
    throw new Error(
      `PutEvents rejected ${declaration.detailType}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`,
    );
  }
}

/** PutEvents' limit of entries per call. */
const PUT_EVENTS_MAX_ENTRIES = 10;

export type EventToPublish = { [K in EventKey]: { event: (typeof events)[K]; detail: EventDetail<K> } }[EventKey];

/**
 * Puts several events on the bus, 10 per PutEvents call, each detail checked
 * against the events table. Entries EventBridge fails (throttling, internal
 * errors) are tried once more; any still failing make the whole call throw, so
 * the caller answers with an error rather than claiming acceptance.
 */
export async function publishEvents(
  access: ClientAccess<EventBridgeClient>,
  busName: string,
  toPublish: readonly EventToPublish[],
): Promise<void> {
  const entries = toPublish.map(({ event, detail }) => ({
    Source: EVENT_SOURCE,
    DetailType: event.detailType,
    Detail: JSON.stringify(event.detail.parse(detail)),
    EventBusName: busName,
  }));
  const [{ PutEventsCommand }, client] = await Promise.all([eventBridgeSdk(), clientOf(access)]);
  for (let i = 0; i < entries.length; i += PUT_EVENTS_MAX_ENTRIES) {
    let pending = entries.slice(i, i + PUT_EVENTS_MAX_ENTRIES);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      const reply = await client.send(new PutEventsCommand({ Entries: pending }));
      if (!reply.FailedEntryCount) break;
      const failedEntries = pending.filter((_, index) => reply.Entries?.[index]?.ErrorCode);
      if (attempt >= 1) {
        const first = reply.Entries?.find((e) => e.ErrorCode);
        throw new Error(
          `PutEvents rejected ${failedEntries.length} entries: ${first?.ErrorCode} ${first?.ErrorMessage ?? ''}`,
        );
      }
      pending = failedEntries;
    }
  }
}
