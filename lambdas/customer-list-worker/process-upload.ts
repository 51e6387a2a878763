import * as z from 'zod';
import type { CustomerListJob, CustomerListUploadProgress } from '@shared/schemas/audiences';
import { AppError } from '../lib/errors';
import type { GraphClient } from '../lib/meta/graph-client';
import { GraphError, toAppError } from '../lib/meta/graph-errors';
import { HashSnapshotBuilder } from '../lib/customer-lists/customer-hash-snapshot';
import { writeHashes, type CustomerHashStore } from '../lib/customer-lists/customer-hash-store';
import { CustomerRowHasher, type CustomerRowsPlan, type HashedRow } from '../lib/customer-lists/customer-rows';
import { audited, type AuditTable } from '../lib/customer-lists/customer-upload-audit';
import { customAudienceTermsUrl, withTermsExplained } from '../lib/customer-lists/meta-audience-errors';
import { ROWS_PER_REQUEST, UserUploadSession } from '../lib/customer-lists/send-user-batches';
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
 * audited either way. A job is processed once: a redelivered one (or one already done) is left alone.
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
  try {
    const result = await audited(
      deps.audit,
      {
        workspaceId: job.workspaceId,
        uploader: state.settings.uploader,
        action: 'upload',
        adAccountId: state.progress.adAccountId,
        audienceName: state.progress.name,
      },
      () => hashAndUpload({ job, state, deps, save }),
      deps.now,
    );
    await save({
      state: 'done',
      percent: 100,
      rows: result.rows,
      sent: result.sent,
      invalid: result.invalid,
      batches: result.batches,
      audienceId: result.audience.id,
    });
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

async function hashAndUpload({ job, state, deps, save }: Upload) {
  const { settings, progress } = state;
  const graph = await deps.graphFor(job.workspaceId);
  const outcome = { read: 0, unusable: 0 };
  let plan: CustomerRowsPlan | undefined;
  const hasher = new CustomerRowHasher(
    { mapping: settings.mapping, ...(settings.defaultCountry ? { defaultCountry: settings.defaultCountry } : {}) },
    { onPlan: (found) => (plan = found) },
    outcome,
  );
  let snapshot: HashSnapshotBuilder | undefined;
  const pending: HashedRow[] = [];
  const take = (rows: HashedRow[]) => {
    for (const row of rows) {
      snapshot ??= new HashSnapshotBuilder(plan!.schema);
      snapshot.add(row);
      pending.push(row);
    }
  };
  let bytesRead = 0;
  let audienceId: string | undefined;
  let upload: UserUploadSession | undefined;

  const send = async (batch: HashedRow[], last: boolean) => {
    if (!upload) {
      try {
        ({ id: audienceId } = await graph.post(
          `${progress.adAccountId}/customaudiences`,
          { name: progress.name, subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' },
          CreatedSchema,
        ));
      } catch (error) {
        throw withTermsExplained(error, customAudienceTermsUrl(deps.facebookBaseUrl, progress.adAccountId));
      }
      // Meta's estimate of the session's size: the rows so far scaled to the whole file.
      const estimatedTotal = last ? batch.length : Math.round((outcome.read / Math.max(bytesRead, 1)) * settings.size);
      upload = new UserUploadSession(graph, {
        audienceId,
        operation: 'add',
        schema: plan!.schema,
        estimatedTotal,
      });
    }
    const sent = await upload.send(batch, last);
    await save({
      audienceId,
      percent: last ? 99 : Math.min(99, Math.floor((bytesRead / settings.size) * 100)),
      rows: outcome.read,
      sent: sent.sent,
      invalid: sent.invalid + outcome.unusable,
      batches: sent.batches,
    });
  };

  try {
    const decoder = new TextDecoder('utf-8');
    for await (const piece of await openUploadedFile(deps.uploads, job.workspaceId, job.uploadId)) {
      bytesRead += piece.byteLength;
      take(hasher.push(decoder.decode(piece, { stream: true })));
      // Strictly more than a request: a request sent here is never the session's last.
      while (pending.length > ROWS_PER_REQUEST) await send(pending.splice(0, ROWS_PER_REQUEST), false);
    }
    take(hasher.push(decoder.decode()));
    try {
      take(hasher.end());
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('VALIDATION_ERROR', 'The file is not valid CSV: it ends inside a quoted field.', {
        details: { field: 'csv' },
      });
    }
    // Every row is hashed: the file goes now, before the last requests.
    await deleteUploadedFile(deps.uploads, job.workspaceId, job.uploadId);
    if (!upload && pending.length === 0) {
      throw new AppError('VALIDATION_ERROR', 'No row of the file has an email, phone or external ID Meta can match.', {
        details: { field: 'csv' },
      });
    }
    while (pending.length > 0) {
      const batch = pending.splice(0, ROWS_PER_REQUEST);
      await send(batch, pending.length === 0);
    }
    await writeHashes(deps.hashes, job.workspaceId, audienceId!, snapshot!.build());
  } catch (error) {
    if (audienceId) await graph.delete(audienceId).catch(() => undefined);
    throw error;
  }
  const done = upload!.outcome;
  return {
    audience: { id: audienceId!, name: progress.name },
    rows: outcome.read,
    sent: done.sent,
    invalid: done.invalid + outcome.unusable,
    batches: done.batches,
  };
}
