import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { ClientAccess } from '../lib/aws/lazy-sdk';
import type * as z from 'zod';
import type { NotificationSchema } from '@shared/schemas/notifications';
import { buttonClickEvent, errorEvent } from '@shared/events/browser';
import { upstreamError } from '../lib/errors';
import { publishEvents, type EventToPublish } from '../lib/events';
import { logger } from '../lib/observability';

export type Notification = z.infer<typeof NotificationSchema>;

export interface AcceptDeps {
  eventBridge: ClientAccess<EventBridgeClient>;
  busName: string;
  /** The signed-in user's email, resolved from the verified token (never the body). */
  email: () => Promise<string | undefined>;
}

/**
 * Turns browser notifications into bus events. Identity fields are overwritten
 * from the verified user: whatever `userEmail` the body claimed is replaced (or
 * removed), and unknown fields such as `userId` were already stripped by the schema.
 */
export async function acceptNotifications(
  notifications: readonly Notification[],
  deps: AcceptDeps,
): Promise<{ accepted: number }> {
  const email = await deps.email();
  const toPublish: EventToPublish[] = notifications.map((n) =>
    n.type === 'button_click'
      ? { event: buttonClickEvent, detail: withIdentity(n.data, email) }
      : { event: errorEvent, detail: withIdentity(n.data, email) },
  );
  try {
    await publishEvents(deps.eventBridge, deps.busName, toPublish);
  } catch (error) {
    logger.error('Notifications not put on the bus', { error: error as Error, count: toPublish.length });
    throw upstreamError('Notifications could not be queued. Please try again.', error);
  }
  return { accepted: toPublish.length };
}

/** The data with `userEmail` taken from the verified user, or without one for a user who has none. */
function withIdentity<T extends { userEmail?: string }>(data: T, email: string | undefined): T {
  const { userEmail: _claimed, ...rest } = data;
  return (email ? { ...rest, userEmail: email } : rest) as T;
}
