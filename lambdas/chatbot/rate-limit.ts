import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { chatLimits } from '@shared/schemas/chat';
import { tableKey } from '@shared/table-keys';
import { AppError } from '../lib/errors';

/**
 * The chatbot's rate limits: fixed windows (this minute, this UTC day) counted per IP address
 * and per signed-in user, one conditional ADD each, so any number of concurrent containers
 * can never let more through. IP addresses are stored only as a salted hash; items expire
 * (TTL) shortly after their window, and readers never look at a past window again.
 */
export interface RateLimitStore {
  doc: DynamoDBDocumentClient;
  table: string;
  now?: () => Date;
}

export interface ChatSubject {
  ip: string;
  userId?: string;
}

interface Window {
  key: string;
  limit: number;
  endsAt: Date;
}
type Subject = { subject: string; windows: Window[] };

/** Not a secret: it keeps the stored key from being a plain lookup of an address. */
const IP_SALT = 'adsmith-chat-ip-v1';

export function ipKey(ip: string): string {
  return `ip#${createHash('sha256').update(`${IP_SALT}:${ip}`).digest('hex').slice(0, 32)}`;
}

function windows(subject: ChatSubject, now: Date): Subject[] {
  const minuteEnds = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
  const dayEnds = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const minute = now.toISOString().slice(0, 16);
  const day = now.toISOString().slice(0, 10);
  const result: Subject[] = [
    {
      subject: ipKey(subject.ip),
      windows: [
        { key: `m#${minute}`, limit: chatLimits.perIpPerMinute, endsAt: minuteEnds },
        { key: `d#${day}`, limit: chatLimits.perIpPerDay, endsAt: dayEnds },
      ],
    },
  ];
  if (subject.userId) {
    result.push({
      subject: `user#${subject.userId}`,
      windows: [
        { key: `m#${minute}`, limit: chatLimits.perUserPerMinute, endsAt: minuteEnds },
        { key: `d#${day}`, limit: chatLimits.perUserPerDay, endsAt: dayEnds },
      ],
    });
  }
  return result;
}

function limited(window: Window, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((window.endsAt.getTime() - now.getTime()) / 1000));
  const error = new AppError(
    'RATE_LIMITED',
    window.key.startsWith('m#')
      ? `You are sending messages quickly. Please wait ${seconds} seconds and ask again.`
      : 'You have reached today’s limit for chat messages. Please come back tomorrow (00:00 UTC).',
    { details: { retryAfterSeconds: String(seconds) } },
  );
  return Object.assign(error, { retryAfterSeconds: seconds });
}

/** Counts one message against every window of the subject, or throws RATE_LIMITED with when to retry. */
export async function takeChatMessage(store: RateLimitStore, subject: ChatSubject): Promise<void> {
  const now = store.now?.() ?? new Date();
  for (const { subject: key, windows: list } of windows(subject, now)) {
    for (const window of list) {
      try {
        await store.doc.send(
          new UpdateCommand({
            TableName: store.table,
            Key: tableKey('chatRateLimits', key, window.key),
            UpdateExpression: 'ADD #count :one SET expires_at = :expires',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'messages' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': window.limit,
              ':expires': Math.floor(window.endsAt.getTime() / 1000) + 3600,
            },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw limited(window, now);
        throw error;
      }
    }
  }
}
