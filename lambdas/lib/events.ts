import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, events, type EventDetail, type EventKey } from '@shared/events';

/**
 * Puts one event from the events table on the bus. The detail is checked
 * against the declared schema first, so consumers can trust its shape.
 */
export async function publishEvent<K extends EventKey>(
  client: EventBridgeClient,
  busName: string,
  key: K,
  detail: EventDetail<K>,
): Promise<void> {
  const declaration = events[key];
  const checked = declaration.detail.parse(detail);
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
