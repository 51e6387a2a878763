import * as z from 'zod';
import type { CustomerListRefresh, RefreshCustomerListBody } from '@shared/schemas/audiences';
import { AppError } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { differenceOf, HashSnapshotBuilder } from '../lib/customer-lists/customer-hash-snapshot';
import { readHashes, writeHashes } from '../lib/customer-lists/customer-hash-store';
import { keptRows, noUsableRow, type CustomerListDeps } from './customer-list-upload';
import type { RowOutcome } from '../lib/customer-lists/customer-rows';
import { audited } from '../lib/customer-lists/customer-upload-audit';
import { assertMayUploadCustomers } from './customer-upload-permission';
import { readAudience } from './read-audiences';
import { sendUserBatches } from '../lib/customer-lists/send-user-batches';

/**
 * A customer list refreshed from a new file (issue 30, req 2): the file is hashed whole into a snapshot (the
 * hashes, never the file, are held), compared with the hashes kept from the last upload, and Meta gets only the
 * difference: removals (`DELETE /{audience_id}/users`) in one upload session, then additions (`POST`) in another.
 * The new hashes replace the old only once Meta took both, so a refresh that failed half-way is simply run again:
 * Meta's adds and removes of people already added or removed change nothing.
 */
const OwnerSchema = z.object({ account_id: z.string(), subtype: z.string(), name: z.string() });

export async function refreshCustomerList(
  session: MetaSession,
  adAccountId: string,
  audienceId: string,
  body: RefreshCustomerListBody,
  deps: Pick<CustomerListDeps, 'doc' | 'membershipsTable' | 'hashes' | 'audit'>,
): Promise<CustomerListRefresh> {
  const uploader = await assertMayUploadCustomers(session.user, deps);
  return audited(
    deps.audit,
    { workspaceId: session.user.sub, uploader, action: 'refresh', adAccountId, audienceId },
    () => refreshFromFile(session, adAccountId, audienceId, body, deps),
  );
}

/** The customer list of this ad account a file may refresh (404 for another account's, 400 for another kind). */
export async function refreshableList(
  session: MetaSession,
  adAccountId: string,
  audienceId: string,
): Promise<{ accountId: string; name: string }> {
  const account = await ownedAdAccount(session, adAccountId);
  const owner = await session.graph.get(audienceId, { fields: 'account_id,subtype,name' }, OwnerSchema);
  if (`act_${owner.account_id}` !== account.id)
    throw new AppError('NOT_FOUND', 'That audience is not in this ad account.');
  if (owner.subtype !== 'CUSTOM')
    throw new AppError('VALIDATION_ERROR', 'Only a customer list can be refreshed from a file.', {
      details: { field: 'audienceId' },
    });
  return { accountId: account.id, name: owner.name };
}

async function refreshFromFile(
  session: MetaSession,
  adAccountId: string,
  audienceId: string,
  body: RefreshCustomerListBody,
  deps: Pick<CustomerListDeps, 'hashes'>,
): Promise<CustomerListRefresh> {
  await refreshableList(session, adAccountId, audienceId);

  const outcome: RowOutcome = { read: 0, unusable: 0 };
  const kept = keptRows(body, outcome);
  for (let next = kept.rows.next(); !next.done; next = kept.rows.next());
  const snapshot = kept.snapshot();
  if (snapshot.count === 0) throw noUsableRow();

  const previous = await readHashes(deps.hashes, session.user.sub, audienceId);
  const difference = differenceOf(previous ?? new HashSnapshotBuilder(snapshot.schema).build(), snapshot);
  const removed = await sendUserBatches(
    session,
    {
      audienceId,
      operation: 'remove',
      schema: previous?.schema ?? snapshot.schema,
      estimatedTotal: difference.removedCount,
    },
    difference.removed,
  );
  const added = await sendUserBatches(
    session,
    { audienceId, operation: 'add', schema: snapshot.schema, estimatedTotal: difference.addedCount },
    difference.added,
  );
  await writeHashes(deps.hashes, session.user.sub, audienceId, snapshot);
  return {
    audience: await readAudience(session, audienceId),
    rows: outcome.read,
    added: difference.addedCount,
    removed: difference.removedCount,
    unchanged: difference.unchanged,
    invalid: removed.invalid + added.invalid + outcome.unusable,
    batches: removed.batches + added.batches,
    comparedWithLastUpload: previous !== undefined,
  };
}
