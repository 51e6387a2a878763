import { createHash, randomUUID } from 'node:crypto';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { ClientAccess } from '../lib/aws/lazy-sdk';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { CONTACT_LIMIT, type ContactRequestSchema } from '@shared/schemas/contact';
import { ANONYMOUS_CLICK_LIMIT } from '@shared/schemas/notifications';
import { tableKey } from '@shared/table-keys';
import { rateLimited, upstreamError } from '../lib/errors';
import { publishEvents } from '../lib/events';
import { buttonClickEvent } from '@shared/events/browser';
import { contactEvent, formSubmissionEvent } from '@shared/events/contact';
import { logger } from '../lib/observability';

export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export interface ContactDeps {
  doc: DynamoDBDocumentClient;
  eventBridge: ClientAccess<EventBridgeClient>;
  busName: string;
  messagesTable: string;
  throttleTable: string;
  now: () => Date;
}

/** The throttle key for a client address: hashed, so the table holds no IP addresses. */
function clientKey(sourceIp: string, windowStart: number): string {
  return `${createHash('sha256').update(sourceIp).digest('base64url').slice(0, 22)}#${windowStart}`;
}

/**
 * Counts `cost` requests of `scope` against the client's window; false once the
 * window's allowance would be exceeded (nothing is counted then).
 */
export async function withinLimit(
  scope: string,
  sourceIp: string,
  limit: { allowed: number; windowSeconds: number; cost?: number },
  deps: Pick<ContactDeps, 'doc' | 'throttleTable' | 'now'>,
): Promise<boolean> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
  const cost = limit.cost ?? 1;
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.throttleTable,
        Key: tableKey('publicThrottle', `${scope}#${clientKey(sourceIp, windowStart)}`),
        UpdateExpression: 'ADD submissions :cost SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(submissions) OR submissions <= :most',
        ExpressionAttributeValues: {
          ':cost': cost,
          ':most': limit.allowed - cost,
          ':expires': windowStart + limit.windowSeconds,
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * The public contact form: throttled per client address, stored first (so a
 * visitor's message is never lost to a notification failure), then announced as
 * `contact` (Slack) and `form_submission` (automation webhook). A filled
 * honeypot gets the same success reply and is neither stored nor announced.
 */
export async function submitContact(
  request: ContactRequest,
  sourceIp: string,
  deps: ContactDeps,
): Promise<{ id: string; status: 'received' }> {
  const id = randomUUID();
  if (request.website && request.website.trim() !== '') {
    logger.info('Contact honeypot filled; ignored', { contactId: id });
    return { id, status: 'received' };
  }
  const allowance = { allowed: CONTACT_LIMIT.submissions, windowSeconds: CONTACT_LIMIT.windowSeconds };
  if (!(await withinLimit('contact', sourceIp, allowance, deps))) {
    throw rateLimited('You have sent several messages in a short time. Please wait a few minutes and try again.');
  }
  const receivedAt = deps.now().toISOString();
  const formData = {
    name: request.name,
    email: request.email,
    ...(request.company ? { company: request.company } : {}),
    message: request.message,
  };
  try {
    await deps.doc.send(
      new PutCommand({
        TableName: deps.messagesTable,
        Item: { id, ...formData, received_at: receivedAt },
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
  } catch (error) {
    throw upstreamError('Your message could not be saved. Please try again.', error);
  }
  try {
    await publishEvents(deps.eventBridge, deps.busName, [
      { event: contactEvent, detail: { id, ...formData, receivedAt } },
      { event: formSubmissionEvent, detail: { formData: { id, ...formData } } },
    ]);
  } catch (error) {
    // The message is stored; the team can still read it. Saying "failed" would make the visitor send it twice.
    logger.error('Contact stored but not announced', { error: error as Error, contactId: id });
  }
  return { id, status: 'received' };
}

/** Anonymous visitors' clicks (every click is notified; these carry no email), throttled per address. */
export async function acceptAnonymousClicks(
  clicks: readonly { buttonText: string; page: string }[],
  sourceIp: string,
  deps: ContactDeps,
): Promise<{ accepted: number }> {
  const allowance = {
    allowed: ANONYMOUS_CLICK_LIMIT.clicks,
    windowSeconds: ANONYMOUS_CLICK_LIMIT.windowSeconds,
    cost: clicks.length,
  };
  if (!(await withinLimit('clicks', sourceIp, allowance, deps))) throw rateLimited();
  try {
    await publishEvents(
      deps.eventBridge,
      deps.busName,
      clicks.map(({ buttonText, page }) => ({ event: buttonClickEvent, detail: { buttonText, page } })),
    );
  } catch (error) {
    throw upstreamError('Clicks could not be queued.', error);
  }
  return { accepted: clicks.length };
}
