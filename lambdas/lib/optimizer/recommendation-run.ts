import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { AccountHealthSchema, type AccountHealth } from '@shared/schemas/optimizer';
import { tableKey } from '@shared/table-keys';
import { expiry, type RecommendationStore } from './recommendation-rows';

/**
 * The last read of an ad account's figures from Meta, kept beside its recommendations (same table, same user):
 * when it was read, what it showed of the account's health, and which stored proposals it made, in rank order.
 * Requests answer from it and the stored rows without a Graph call; reads of Meta happen in the background
 * (optimizer-worker), one per account at a time under the item's lease.
 *
 * Its key (`run#<account number>`) never begins with `<account number>.`, so no listing of an account's
 * recommendations ever reads it as one.
 */
export interface RecommendationRun {
  metaReadAt: string;
  currency: string;
  health: Omit<AccountHealth, 'opportunityPerWeek'>;
  partial: boolean;
  /** Graph calls that read cost. */
  graphCalls: number;
  /** The stored ids of the proposals that read made, best first. */
  openIds: string[];
}

/** A background read under way: who holds it and until when (a killed worker's lease simply runs out). */
export interface ReadLease {
  id: string;
  startedAt: string;
  until: string;
}

/** The last background read that failed (the stored figures, if any, stay as they were). */
export interface ReadFailure {
  at: string;
  message: string;
}

/** Everything the run item says: the last good read, a read under way, the last failure. */
export interface RunItem {
  run?: RecommendationRun;
  reading?: ReadLease;
  failure?: ReadFailure;
}

const runId = (adAccountId: string) => `run#${adAccountId.replace(/^act_/, '').toLowerCase()}`;
const keyOf = (userId: string, adAccountId: string) => tableKey('optimizerRecommendations', userId, runId(adAccountId));

const StoredRunSchema = z.object({
  metaReadAt: z.iso.datetime(),
  currency: z.string(),
  health: AccountHealthSchema.omit({ opportunityPerWeek: true }),
  partial: z.boolean(),
  graphCalls: z.number().int().nonnegative(),
  // Gzipped JSON: a 1,000-campaign account makes thousands of proposals, far below DynamoDB's 400 KB item once packed.
  openIds: z.instanceof(Uint8Array),
});
const LeaseSchema = z.object({ id: z.string(), startedAt: z.string(), until: z.string() });
const FailureSchema = z.object({ at: z.string(), message: z.string() });

const NAMES = { '#run': 'run', '#failure': 'failure' };

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Stores a finished read and ends its lease (when `leaseId` still holds it; a read that outlived its lease still
 * lands its figures but leaves the newer lease alone). A stored failure is cleared: these figures are newer.
 */
export async function saveRun(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
  run: RecommendationRun,
  now: Date,
  leaseId?: string,
): Promise<void> {
  const values = { ':run': { ...run, openIds: gzipSync(JSON.stringify(run.openIds)) }, ':expires': expiry(now) };
  const write = (endLease: boolean) =>
    store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: keyOf(userId, adAccountId),
        UpdateExpression: `SET #run = :run, expires_at = :expires REMOVE #failure${endLease ? ', #reading' : ''}`,
        ...(endLease
          ? {
              ConditionExpression: '#reading.#id = :lease',
              ExpressionAttributeNames: { ...NAMES, '#reading': 'reading', '#id': 'id' },
              ExpressionAttributeValues: { ...values, ':lease': leaseId },
            }
          : { ExpressionAttributeNames: NAMES, ExpressionAttributeValues: values }),
      }),
    );
  if (!leaseId) return void (await write(false));
  try {
    await write(true);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await write(false);
  }
}

/**
 * Takes the account's read lease unless a live one is held: true when this caller may enqueue the read. One
 * conditional write, so two requests at the same moment enqueue one read.
 */
export async function claimRead(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
  lease: ReadLease,
  now: Date,
): Promise<boolean> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: keyOf(userId, adAccountId),
        UpdateExpression: 'SET #reading = :lease, expires_at = if_not_exists(expires_at, :expires)',
        // ISO timestamps of one format order as text.
        ConditionExpression: 'attribute_not_exists(#reading) OR #reading.#until <= :now',
        ExpressionAttributeNames: { '#reading': 'reading', '#until': 'until' },
        ExpressionAttributeValues: { ':lease': lease, ':now': now.toISOString(), ':expires': expiry(now) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Ends a lease without a read (it failed, or it could not be queued), recording why when there is a reason. */
export async function endRead(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
  leaseId: string,
  failure?: ReadFailure,
): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: keyOf(userId, adAccountId),
        UpdateExpression: failure ? 'SET #failure = :failure REMOVE #reading' : 'REMOVE #reading',
        ConditionExpression: '#reading.#id = :lease',
        ExpressionAttributeNames: { '#reading': 'reading', '#id': 'id', ...(failure ? { '#failure': 'failure' } : {}) },
        ExpressionAttributeValues: { ':lease': leaseId, ...(failure ? { ':failure': failure } : {}) },
      }),
    );
  } catch (error) {
    // Someone else's lease by now: theirs to end.
    if (!isConditionFailure(error)) throw error;
  }
}

/** The account's run item; a part that cannot be trusted is left out (then Meta is read again). */
export async function readRunItem(store: RecommendationStore, userId: string, adAccountId: string): Promise<RunItem> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: keyOf(userId, adAccountId), ConsistentRead: true }),
  );
  const reading = LeaseSchema.safeParse(Item?.reading);
  const failure = FailureSchema.safeParse(Item?.failure);
  const run = parseRun(Item?.run);
  return {
    ...(run ? { run } : {}),
    ...(reading.success ? { reading: reading.data } : {}),
    ...(failure.success ? { failure: failure.data } : {}),
  };
}

/** The account's last read, or undefined when there is none or it cannot be trusted. */
export async function readRun(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
): Promise<RecommendationRun | undefined> {
  return (await readRunItem(store, userId, adAccountId)).run;
}

function parseRun(value: unknown): RecommendationRun | undefined {
  const parsed = StoredRunSchema.safeParse(value);
  if (!parsed.success) return undefined;
  try {
    const openIds = z.array(z.string()).parse(JSON.parse(gunzipSync(parsed.data.openIds).toString('utf8')));
    return { ...parsed.data, openIds };
  } catch {
    return undefined;
  }
}

/** Whether a read made at `metaReadAt` still answers at `now`. */
export function isFresh(metaReadAt: string, now: Date, freshForSeconds: number): boolean {
  const age = now.getTime() - Date.parse(metaReadAt);
  return age >= 0 && age < freshForSeconds * 1000;
}
