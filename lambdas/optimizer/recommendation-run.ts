import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { AccountHealthSchema, type AccountHealth } from '@shared/schemas/optimizer';
import { tableKey } from '@shared/table-keys';
import { expiry, type RecommendationStore } from '../lib/optimizer/recommendation-rows';

/**
 * The last read of an ad account's figures from Meta, kept beside its recommendations (same table, same user):
 * when it was read, what it showed of the account's health, and which stored proposals it made, in rank order.
 * A later request within the freshness window answers from it and the stored rows, without a Graph call.
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

const runId = (adAccountId: string) => `run#${adAccountId.replace(/^act_/, '').toLowerCase()}`;

const StoredRunSchema = z.object({
  metaReadAt: z.iso.datetime(),
  currency: z.string(),
  health: AccountHealthSchema.omit({ opportunityPerWeek: true }),
  partial: z.boolean(),
  graphCalls: z.number().int().nonnegative(),
  // Gzipped JSON: a 1,000-campaign account makes thousands of proposals, far below DynamoDB's 400 KB item once packed.
  openIds: z.instanceof(Uint8Array),
});

export async function saveRun(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
  run: RecommendationRun,
  now: Date,
): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        ...tableKey('optimizerRecommendations', userId, runId(adAccountId)),
        run: { ...run, openIds: gzipSync(JSON.stringify(run.openIds)) },
        expires_at: expiry(now),
      },
    }),
  );
}

/** The account's last read, or undefined when there is none or it cannot be trusted (then Meta is read again). */
export async function readRun(
  store: RecommendationStore,
  userId: string,
  adAccountId: string,
): Promise<RecommendationRun | undefined> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('optimizerRecommendations', userId, runId(adAccountId)) }),
  );
  const parsed = StoredRunSchema.safeParse(Item?.run);
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
