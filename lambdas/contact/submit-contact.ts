import { createHash, randomUUID } from 'node:crypto';
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { CONTACT_LIMIT, type ContactRequestSchema } from '@shared/schemas/contact';
import { rateLimited, upstreamError } from '../lib/errors';
import { publishEvents } from '../lib/events';
import { logger } from '../lib/observability';

export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export interface ContactDeps {
  doc: DynamoDBDocumentClient;
  eventBridge: EventBridgeClient;
  busName: string;
  messagesTable: string;
  throttleTable: string;
  now: () => Date;
}

/**
 * The visitor's address. Behind CloudFront the API sees CloudFront's address as
 * the source; CloudFront appends the viewer's address to X-Forwarded-For, so the
 * last entry that is not the immediate peer is the viewer (earlier entries are
 * whatever the client claimed, and are ignored).
 */
export function clientAddress(sourceIp: string, forwardedFor: string | undefined): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.at(-1) === sourceIp) hops.pop();
  return hops.at(-1) ?? sourceIp;
}

/** The throttle key for a client address: hashed, so the table holds no IP addresses. */
function clientKey(sourceIp: string, windowStart: number): string {
  return `${createHash('sha256').update(sourceIp).digest('base64url').slice(0, 22)}#${windowStart}`;
}

/** Counts this submission against the client's window; false once the window's allowance is used up. */
async function withinLimit(sourceIp: string, deps: ContactDeps): Promise<boolean> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % CONTACT_LIMIT.windowSeconds);
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.throttleTable,
        Key: { client_key: clientKey(sourceIp, windowStart) },
        UpdateExpression: 'ADD submissions :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(submissions) OR submissions < :limit',
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': CONTACT_LIMIT.submissions,
          ':expires': windowStart + CONTACT_LIMIT.windowSeconds,
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
  if (!(await withinLimit(sourceIp, deps))) {
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
      { key: 'contact', detail: { id, ...formData, receivedAt } },
      { key: 'formSubmission', detail: { formData: { id, ...formData } } },
    ]);
  } catch (error) {
    // The message is stored; the team can still read it. Saying "failed" would make the visitor send it twice.
    logger.error('Contact stored but not announced', { error: error as Error, contactId: id });
  }
  return { id, status: 'received' };
}
