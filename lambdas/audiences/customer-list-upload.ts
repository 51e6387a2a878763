import { randomInt } from 'node:crypto';
import * as z from 'zod';
import type { CreateCustomerListBody, CustomerListUpload } from '@shared/schemas/audiences';
import { AppError } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { assertMayUploadCustomers, type UploadPermissionDeps } from './customer-upload-permission';
import { readAudience } from './read-audiences';
import { hashedCustomerRows, type CustomerRowsPlan, type HashedRow, type RowOutcome } from './customer-rows';
import { customAudienceTermsUrl, withTermsExplained } from './meta-audience-errors';

/**
 * A customer list from a CSV: the audience is made on Meta, then its rows go in requests of at most 10,000
 * ("only a maximum of 10000 at a time", reference/custom-audience/users) that share one upload session
 * (`session_id`, `batch_seq` from 1, `last_batch_flag` on the last, `estimated_num_total`), as they are hashed.
 * A failed upload deletes the half-made audience, so no list is left with only part of its people.
 */
export const ROWS_PER_REQUEST = 10_000;

const CreatedSchema = z.object({ id: z.string() });
const UsersReplySchema = z.object({
  num_received: z.number().int(),
  num_invalid_entries: z.number().int(),
});

export interface CustomerListDeps extends UploadPermissionDeps {
  /** Meta's www address (the twin's sandbox locally), for the terms page. */
  facebookBaseUrl: string;
}

export async function createCustomerList(
  session: MetaSession,
  adAccountId: string,
  body: CreateCustomerListBody,
  deps: CustomerListDeps,
): Promise<CustomerListUpload> {
  // Before the file is read: a member without the owner's permission gets nothing processed.
  await assertMayUploadCustomers(session.user, deps);
  const account = await ownedAdAccount(session, adAccountId);
  const outcome: RowOutcome = { read: 0, unusable: 0 };
  let plan: CustomerRowsPlan | undefined;
  const rows = hashedCustomerRows(body, { onPlan: (found) => (plan = found) }, outcome);
  // The first batch is read before Meta is asked for anything: a file that cannot be used makes no audience.
  let batch = takeBatch(rows);
  if (batch.length === 0) {
    throw new AppError('VALIDATION_ERROR', 'No row of the file has an email, phone or external ID Meta can match.', {
      details: { field: 'csv' },
    });
  }
  const estimatedTotal = Math.max(batch.length, countLines(body.csv) - 1);

  let audienceId: string;
  try {
    ({ id: audienceId } = await session.graph.post(
      `${account.id}/customaudiences`,
      { name: body.name, subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' },
      CreatedSchema,
    ));
  } catch (error) {
    throw withTermsExplained(error, customAudienceTermsUrl(deps.facebookBaseUrl, account.id));
  }

  const sessionId = randomInt(1, 2 ** 47);
  let sent = 0;
  let invalid = 0;
  let batches = 0;
  try {
    while (batch.length > 0) {
      const next = takeBatch(rows);
      const reply = await session.graph.post(
        `${audienceId}/users`,
        {
          payload: { schema: plan!.schema, data: batch },
          session: {
            session_id: sessionId,
            batch_seq: batches + 1,
            last_batch_flag: next.length === 0,
            estimated_num_total: estimatedTotal,
          },
        },
        UsersReplySchema,
      );
      batches += 1;
      sent += reply.num_received;
      invalid += reply.num_invalid_entries;
      batch = next;
    }
  } catch (error) {
    await session.graph.delete(audienceId).catch(() => undefined);
    throw error;
  }
  return {
    audience: await readAudience(session, audienceId),
    rows: outcome.read,
    sent,
    invalid: invalid + outcome.unusable,
    batches,
  };
}

function takeBatch(rows: Iterator<HashedRow>): HashedRow[] {
  const batch: HashedRow[] = [];
  while (batch.length < ROWS_PER_REQUEST) {
    const next = rows.next();
    if (next.done) break;
    batch.push(next.value);
  }
  return batch;
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}
