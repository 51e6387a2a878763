import * as z from 'zod';
import type { CreateCustomerListBody, CustomerListUpload } from '@shared/schemas/audiences';
import { AppError } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { audited, type AuditTable } from '../lib/customer-lists/customer-upload-audit';
import { assertMayUploadCustomers, type UploadPermissionDeps } from './customer-upload-permission';
import { readAudience } from './read-audiences';
import { HashSnapshotBuilder, type HashSnapshot } from '../lib/customer-lists/customer-hash-snapshot';
import { writeHashes, type CustomerHashStore } from '../lib/customer-lists/customer-hash-store';
import {
  hashedCustomerRows,
  type CustomerRowsPlan,
  type HashedRow,
  type RowOutcome,
} from '../lib/customer-lists/customer-rows';
import { sendUserBatches, takeBatch, type BatchOutcome } from '../lib/customer-lists/send-user-batches';
import { customAudienceTermsUrl, withTermsExplained } from '../lib/customer-lists/meta-audience-errors';

/**
 * A customer list from a CSV: the audience is made on Meta, then its rows go in requests of at most 10,000 sharing
 * one upload session (send-user-batches.ts), as they are hashed. The hashes sent are kept (customer-hash-store.ts)
 * so a later refresh sends only the difference. A failed upload, or hashes that could not be kept, delete the
 * half-made audience, so no list is left with only part of its people or without its hashes.
 */
const CreatedSchema = z.object({ id: z.string() });

export interface CustomerListDeps extends UploadPermissionDeps {
  /** Meta's www address (the twin's sandbox locally), for the terms page. */
  facebookBaseUrl: string;
  hashes: CustomerHashStore;
  /** Where every upload and refresh is audited (customer-upload-audit.ts). */
  audit: AuditTable;
}

export async function createCustomerList(
  session: MetaSession,
  adAccountId: string,
  body: CreateCustomerListBody,
  deps: CustomerListDeps,
): Promise<CustomerListUpload> {
  // Before the file is read: a member without the owner's permission gets nothing processed.
  const uploader = await assertMayUploadCustomers(session.user, deps);
  return audited(
    deps.audit,
    { workspaceId: session.user.sub, uploader, action: 'upload', adAccountId, audienceName: body.name },
    () => uploadCustomerList(session, adAccountId, body, deps),
  );
}

async function uploadCustomerList(
  session: MetaSession,
  adAccountId: string,
  body: CreateCustomerListBody,
  deps: CustomerListDeps,
): Promise<CustomerListUpload> {
  const account = await ownedAdAccount(session, adAccountId);
  const outcome: RowOutcome = { read: 0, unusable: 0 };
  const kept = keptRows(body, outcome);
  // The first batch is read before Meta is asked for anything: a file that cannot be used makes no audience.
  const first = takeBatch(kept.rows);
  if (first.length === 0) throw noUsableRow();

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

  let sent: BatchOutcome;
  try {
    sent = await sendUserBatches(
      session,
      {
        audienceId,
        operation: 'add',
        schema: kept.schema(),
        estimatedTotal: Math.max(first.length, countLines(body.csv) - 1),
      },
      kept.rows,
      first,
    );
    await writeHashes(deps.hashes, session.user.sub, audienceId, kept.snapshot());
  } catch (error) {
    await session.graph.delete(audienceId).catch(() => undefined);
    throw error;
  }
  return {
    audience: await readAudience(session, audienceId),
    rows: outcome.read,
    sent: sent.sent,
    invalid: sent.invalid + outcome.unusable,
    batches: sent.batches,
  };
}

export function noUsableRow(): AppError {
  return new AppError('VALIDATION_ERROR', 'No row of the file has an email, phone or external ID Meta can match.', {
    details: { field: 'csv' },
  });
}

/** The file's hashed rows, each also added to the snapshot that will be kept once they are sent. */
export function keptRows(
  body: Pick<CreateCustomerListBody, 'csv' | 'mapping' | 'defaultCountry'>,
  outcome: RowOutcome,
): { rows: Iterator<HashedRow>; schema: () => string[]; snapshot: () => HashSnapshot } {
  let plan: CustomerRowsPlan | undefined;
  let builder: HashSnapshotBuilder | undefined;
  const hashed = hashedCustomerRows(body, { onPlan: (found) => (plan = found) }, outcome);
  function* rows(): Generator<HashedRow> {
    for (const row of hashed) {
      builder ??= new HashSnapshotBuilder(plan!.schema);
      builder.add(row);
      yield row;
    }
  }
  return {
    rows: rows(),
    schema: () => plan!.schema,
    snapshot: () => (builder ?? new HashSnapshotBuilder(plan?.schema ?? [])).build(),
  };
}

export function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}
