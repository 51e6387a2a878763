import * as z from 'zod';
import type { CustomerListJob, CustomerListUploadProgress } from '@shared/schemas/audiences';
import { AppError } from '../lib/errors';
import type { GraphClient } from '../lib/meta/graph-client';
import { GraphError, toAppError } from '../lib/meta/graph-errors';
import { differenceOf, HashSnapshotBuilder } from '../lib/customer-lists/customer-hash-snapshot';
import { readHashes, writeHashes, type CustomerHashStore } from '../lib/customer-lists/customer-hash-store';
import { CustomerRowHasher, type CustomerRowsPlan, type HashedRow } from '../lib/customer-lists/customer-rows';
import { audited, type AuditTable } from '../lib/customer-lists/customer-upload-audit';
import { customAudienceTermsUrl, withTermsExplained } from '../lib/customer-lists/meta-audience-errors';
import { ROWS_PER_REQUEST, takeBatch, UserUploadSession } from '../lib/customer-lists/send-user-batches';
import {
  deleteUploadedFile,
  openUploadedFile,
  readUploadState,
  writeUploadState,
  type UploadBucket,
  type UploadState,
} from '../lib/customer-lists/upload-objects';

/**
 * One large customer list from the bucket to Meta (issue 30, req 4 and 6). The file is streamed: each piece is
 * normalised and hashed as it arrives (CustomerRowHasher), and the rows go to `/{audience_id}/users` in requests of
 * 10,000 sharing one upload session as soon as a full request is ready, so memory holds a piece, one request and the
 * hashes kept for a refresh, never the file. The audience is made on Meta only once the first request is ready (a
 * file with nothing to match makes none). The file is deleted as soon as its last piece is hashed, and on any
 * failure; a failure also deletes the half-made audience. Progress is written after each request, the upload
 * audited either way. A job is processed once: a redelivered one (or one already done) is left alone. A refresh of
 * an existing list (`settings.refreshOf`) takes the same stream and sends only the difference (hashAndRefresh).
 */
export interface CustomerListWorkerDeps {
  uploads: UploadBucket;
  hashes: CustomerHashStore;
  audit: AuditTable;
  /** The workspace's Graph client (its stored token). */
  graphFor: (workspaceId: string) => Promise<Pick<GraphClient, 'post' | 'delete'>>;
  /** Meta's www address, for the terms page a refusal points at. */
  facebookBaseUrl: string;
  now: () => Date;
}

const CreatedSchema = z.object({ id: z.string() });

interface Upload {
  job: CustomerListJob;
  state: UploadState;
  deps: CustomerListWorkerDeps;
  save: (patch: Partial<CustomerListUploadProgress>) => Promise<void>;
}

export async function processCustomerListJob(job: CustomerListJob, deps: CustomerListWorkerDeps): Promise<void> {
  const state = await readUploadState(deps.uploads, job.workspaceId, job.uploadId);
  // Expired by the lifecycle, or processed already: nothing to do (a second run would upload the list twice).
  if (!state || state.progress.state !== 'queued') return;
  let progress = state.progress;
  const save = async (patch: Partial<CustomerListUploadProgress>) => {
    progress = { ...progress, ...patch, updatedAt: deps.now().toISOString() };
    await writeUploadState(deps.uploads, job.workspaceId, { ...state, progress });
  };
  await save({ state: 'running' });
  const refreshOf = state.settings.refreshOf;
  const upload = { job, state, deps, save };
  try {
    const attempt = {
      workspaceId: job.workspaceId,
      uploader: state.settings.uploader,
      adAccountId: state.progress.adAccountId,
      audienceName: state.progress.name,
    };
    if (refreshOf) {
      const result = await audited(
        deps.audit,
        { ...attempt, action: 'refresh', audienceId: refreshOf },
        () => hashAndRefresh(upload, refreshOf),
        deps.now,
      );
      const { added, removed, unchanged, comparedWithLastUpload } = result;
      await save({
        state: 'done',
        percent: 100,
        rows: result.rows,
        sent: result.sentRows,
        invalid: result.invalid,
        batches: result.batches,
        refresh: { added, removed, unchanged, comparedWithLastUpload },
      });
    } else {
      const result = await audited(deps.audit, { ...attempt, action: 'upload' }, () => hashAndUpload(upload), deps.now);
      await save({
        state: 'done',
        percent: 100,
        rows: result.rows,
        sent: result.sent,
        invalid: result.invalid,
        batches: result.batches,
        audienceId: result.audience.id,
      });
    }
  } catch (error) {
    await deleteUploadedFile(deps.uploads, job.workspaceId, job.uploadId).catch(() => undefined);
    await save({ state: 'failed', error: failureOf(error) });
  }
}

/** What the screen shows of a failure: the product's code and words (Meta's words for people when it refused). */
export function failureOf(error: unknown): NonNullable<CustomerListUploadProgress['error']> {
  const known = error instanceof GraphError ? toAppError(error) : error;
  if (known instanceof AppError) {
    const field = known.details?.field;
    const termsUrl = known.details?.termsUrl;
    return {
      code: known.code,
      message: termsUrl ? `${known.message} Accept them at ${termsUrl}, then upload the file again.` : known.message,
      ...(field ? { field } : {}),
    };
  }
  return { code: 'INTERNAL_ERROR', message: 'The upload failed; nothing was kept. Please upload the file again.' };
}

/** The uploaded file, streamed: its rows hashed as each piece arrives (a list of rows per piece). */
function hashedFile({ job, state, deps }: Upload) {
  const { settings } = state;
  const outcome = { read: 0, unusable: 0 };
  let plan: CustomerRowsPlan | undefined;
  let bytesRead = 0;
  const hasher = new CustomerRowHasher(
    { mapping: settings.mapping, ...(settings.defaultCountry ? { defaultCountry: settings.defaultCountry } : {}) },
    { onPlan: (found) => (plan = found) },
    outcome,
  );
  async function* pieces(): AsyncGenerator<HashedRow[]> {
    const decoder = new TextDecoder('utf-8');
    for await (const piece of await openUploadedFile(deps.uploads, job.workspaceId, job.uploadId)) {
      bytesRead += piece.byteLength;
      yield hasher.push(decoder.decode(piece, { stream: true }));
    }
    yield hasher.push(decoder.decode());
    let last: HashedRow[];
    try {
      last = hasher.end();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('VALIDATION_ERROR', 'The file is not valid CSV: it ends inside a quoted field.', {
        details: { field: 'csv' },
      });
    }
    yield last;
  }
  return { pieces: pieces(), outcome, schema: () => plan!.schema, bytesRead: () => bytesRead };
}

const noUsableRow = () =>
  new AppError('VALIDATION_ERROR', 'No row of the file has an email, phone or external ID Meta can match.', {
    details: { field: 'csv' },
  });

async function hashAndUpload(upload: Upload) {
  const { job, state, deps, save } = upload;
  const { settings, progress } = state;
  const graph = await deps.graphFor(job.workspaceId);
  const file = hashedFile(upload);
  const { outcome } = file;
  let snapshot: HashSnapshotBuilder | undefined;
  const pending: HashedRow[] = [];
  const take = (rows: HashedRow[]) => {
    for (const row of rows) {
      snapshot ??= new HashSnapshotBuilder(file.schema());
      snapshot.add(row);
      pending.push(row);
    }
  };
  let audienceId: string | undefined;
  let users: UserUploadSession | undefined;

  const send = async (batch: HashedRow[], last: boolean) => {
    if (!users) {
      try {
        ({ id: audienceId } = await graph.post(
          `${progress.adAccountId}/customaudiences`,
          { name: progress.name, subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' },
          CreatedSchema,
        ));
      } catch (error) {
        throw withTermsExplained(error, customAudienceTermsUrl(deps.facebookBaseUrl, progress.adAccountId));
      }
      // Recorded at once: should the worker be killed from here on, whoever finds it stopped deletes this audience.
      await save({ audienceId });
      // Meta's estimate of the session's size: the rows so far scaled to the whole file.
      const estimatedTotal = last
        ? batch.length
        : Math.round((outcome.read / Math.max(file.bytesRead(), 1)) * settings.size);
      users = new UserUploadSession(graph, {
        audienceId,
        operation: 'add',
        schema: file.schema(),
        estimatedTotal,
      });
    }
    const sent = await users.send(batch, last);
    await save({
      audienceId,
      percent: last ? 99 : Math.min(99, Math.floor((file.bytesRead() / settings.size) * 100)),
      rows: outcome.read,
      sent: sent.sent,
      invalid: sent.invalid + outcome.unusable,
      batches: sent.batches,
    });
  };

  try {
    for await (const rows of file.pieces) {
      take(rows);
      // Strictly more than a request: a request sent here is never the session's last.
      while (pending.length > ROWS_PER_REQUEST) await send(pending.splice(0, ROWS_PER_REQUEST), false);
    }
    // Every row is hashed: the file goes now, before the last requests.
    await deleteUploadedFile(deps.uploads, job.workspaceId, job.uploadId);
    if (!users && pending.length === 0) throw noUsableRow();
    while (pending.length > 0) {
      const batch = pending.splice(0, ROWS_PER_REQUEST);
      await send(batch, pending.length === 0);
    }
    await writeHashes(deps.hashes, job.workspaceId, audienceId!, snapshot!.build());
  } catch (error) {
    if (audienceId) await graph.delete(audienceId).catch(() => undefined);
    throw error;
  }
  const done = users!.outcome;
  return {
    audience: { id: audienceId!, name: progress.name },
    rows: outcome.read,
    sent: done.sent,
    invalid: done.invalid + outcome.unusable,
    batches: done.batches,
  };
}

/**
 * A large file refreshing a customer list (issue 30, req 2): the file is streamed and hashed into a snapshot (the
 * hashes, never the file, are held; the file is deleted once the last piece is hashed), compared with the hashes
 * kept from the last upload, and Meta gets only the difference: removals (`DELETE /{audience_id}/users`) in one
 * session, then additions (`POST`) in another, in requests of 10,000, progress after each. The new hashes replace
 * the old only once Meta took both, so a refresh that failed half-way is simply run again (Meta's adds and removes
 * of people already added or removed change nothing); the list itself is never deleted here.
 */
async function hashAndRefresh(upload: Upload, audienceId: string) {
  const { job, state, deps, save } = upload;
  const { settings, progress } = state;
  const graph = await deps.graphFor(job.workspaceId);
  const file = hashedFile(upload);
  const { outcome } = file;
  let builder: HashSnapshotBuilder | undefined;
  let sinceSaved = 0;
  for await (const rows of file.pieces) {
    for (const row of rows) {
      builder ??= new HashSnapshotBuilder(file.schema());
      builder.add(row);
    }
    sinceSaved += rows.length;
    // Reading is the first half of the bar; the heartbeat goes on while a large file is hashed.
    if (sinceSaved >= ROWS_PER_REQUEST) {
      sinceSaved = 0;
      await save({
        percent: Math.min(49, Math.floor((file.bytesRead() / settings.size) * 50)),
        rows: outcome.read,
        invalid: outcome.unusable,
      });
    }
  }
  await deleteUploadedFile(deps.uploads, job.workspaceId, job.uploadId);
  const snapshot = builder?.build();
  if (!snapshot || snapshot.count === 0) throw noUsableRow();

  const previous = await readHashes(deps.hashes, job.workspaceId, audienceId);
  const difference = differenceOf(previous ?? new HashSnapshotBuilder(snapshot.schema).build(), snapshot);
  const changes = {
    added: difference.addedCount,
    removed: difference.removedCount,
    unchanged: difference.unchanged,
    comparedWithLastUpload: previous !== undefined,
  };
  await save({ percent: 50, rows: outcome.read, invalid: outcome.unusable, refresh: changes });

  const total = Math.max(1, difference.removedCount + difference.addedCount);
  const done = { rows: 0, sent: 0, invalid: 0, batches: 0 };
  const sendAll = async (operation: 'add' | 'remove', schema: string[], rows: Iterator<HashedRow>, count: number) => {
    const session = new UserUploadSession(graph, { audienceId, operation, schema, estimatedTotal: count });
    for (let batch = takeBatch(rows); batch.length > 0;) {
      const next = takeBatch(rows);
      const before = { ...session.outcome };
      const after = await session.send(batch, next.length === 0);
      done.rows += batch.length;
      done.sent += after.sent - before.sent;
      done.invalid += after.invalid - before.invalid;
      done.batches += 1;
      await save({
        percent: 50 + Math.min(49, Math.floor((done.rows / total) * 50)),
        sent: done.sent,
        invalid: outcome.unusable + done.invalid,
        batches: done.batches,
      });
      batch = next;
    }
  };
  await sendAll('remove', previous?.schema ?? snapshot.schema, difference.removed, difference.removedCount);
  await sendAll('add', snapshot.schema, difference.added, difference.addedCount);
  await writeHashes(deps.hashes, job.workspaceId, audienceId, snapshot);
  return {
    audience: { id: audienceId, name: progress.name },
    rows: outcome.read,
    ...changes,
    invalid: outcome.unusable + done.invalid,
    batches: done.batches,
    /** Rows Meta received (removals and additions): the progress's `sent`; the audit counts people instead. */
    sentRows: done.sent,
  };
}
