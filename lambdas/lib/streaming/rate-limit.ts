import { createHmac } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { chatLimits } from '@shared/chat-limits';
import { tableKey } from '@shared/table-keys';
import { AppError } from '../errors';
import { addressBlock } from './address-block';

/**
 * The chatbot's rate limits: fixed windows (this minute, this UTC day) counted per visitor's address block
 * (an IPv4 address, an IPv6 /64: address-block.ts) and per signed-in user, one conditional ADD each, so any
 * number of concurrent containers can never let more through. Address blocks are stored only as an HMAC keyed
 * with the deployment's own secret (Secrets Manager `chatAddressSalt`), so the stored keys cannot be reversed by
 * hashing the 2^32 IPv4 addresses with a constant read from this code; items expire (TTL) shortly after their
 * window, and readers never look at a past window again.
 */
export interface RateLimitStore {
  doc: DynamoDBDocumentClient;
  table: string;
  /** The deployment's secret that keys the address hashes (cached by the caller). */
  addressSalt: () => Promise<string>;
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

/** The secrets table asks for 32 characters or more; a shorter one here is a misconfiguration, not a key. */
const MIN_SALT_CHARS = 32;

/**
 * The stored subject of an address: the HMAC of its block. Text that is not an address (never from CloudFront or
 * the gateway) is keyed as itself, so it still counts, apart from every real address.
 */
export function ipKey(ip: string, salt: string): string {
  if (salt.length < MIN_SALT_CHARS) throw new Error('The chat address salt is missing or too short');
  const block = addressBlock(ip) ?? `other:${ip}`;
  return `ip#${createHmac('sha256', salt).update(block).digest('hex').slice(0, 32)}`;
}

function windows(subject: ChatSubject, salt: string, now: Date): Subject[] {
  const minuteEnds = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
  const dayEnds = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const minute = now.toISOString().slice(0, 16);
  const day = now.toISOString().slice(0, 10);
  const result: Subject[] = [
    {
      subject: ipKey(subject.ip, salt),
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
  for (const { subject: key, windows: list } of windows(subject, await store.addressSalt(), now)) {
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
