import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_LIST_UPLOAD_URL_SECONDS,
  type CustomerListJob,
  type CustomerListUploadProgress,
  type CustomerListUploadSlot,
  type StartCustomerListRefreshBody,
  type StartCustomerListUploadBody,
} from '@shared/schemas/audiences';
import { AppError, conflict, notFound } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import type { RequestUser } from '../lib/http/request-user';
import type { GraphClient } from '../lib/meta/graph-client';
import { GraphError } from '../lib/meta/graph-errors';
import { auditFailure, type AuditTable, type Uploader } from '../lib/customer-lists/customer-upload-audit';
import { STOPPED_UPLOAD_ERROR, workerStopped } from '../lib/customer-lists/upload-staleness';
import { refreshableList } from './customer-list-refresh';
import {
  deleteUploadedFile,
  presignFilePut,
  readUploadState,
  uploadedFileSize,
  writeUploadState,
  type UploadBucket,
  type UploadState,
} from '../lib/customer-lists/upload-objects';
import { assertMayUploadCustomers, type UploadPermissionDeps } from './customer-upload-permission';

/**
 * A customer list too large for one request (issue 30, req 4 and 6), in three calls: `startCustomerListUpload`
 * checks the uploader's permission and the ad account, records the upload and presigns a PUT of the file's exact
 * size to the customer-lists bucket; the browser PUTs it; `processCustomerListUpload` checks the file arrived with
 * that size and queues it for customer-list-worker, whose progress `customerListUploadProgress` reads (and, when
 * the worker died, marks failed). A refresh of an existing list takes the same path (`startCustomerListRefresh`).
 * Every key is under the caller's workspace, so another workspace's upload id finds nothing (404).
 */
export interface AsyncUploadDeps extends UploadPermissionDeps {
  uploads: UploadBucket;
  queue: (job: CustomerListJob) => Promise<void>;
  now?: () => Date;
}

export async function startCustomerListUpload(
  session: MetaSession,
  adAccountId: string,
  body: StartCustomerListUploadBody,
  deps: AsyncUploadDeps,
): Promise<CustomerListUploadSlot> {
  const uploader = await assertMayUploadCustomers(session.user, deps);
  const account = await ownedAdAccount(session, adAccountId);
  return openSlot(session.user.sub, { adAccountId: account.id, name: body.name.trim(), uploader }, body, deps);
}

/**
 * A large file refreshing a customer list: the same slot, recording which list it refreshes; the worker then sends
 * Meta only the people added and removed since the last upload (process-upload.ts).
 */
export async function startCustomerListRefresh(
  session: MetaSession,
  adAccountId: string,
  audienceId: string,
  body: StartCustomerListRefreshBody,
  deps: AsyncUploadDeps,
): Promise<CustomerListUploadSlot> {
  const uploader = await assertMayUploadCustomers(session.user, deps);
  const list = await refreshableList(session, adAccountId, audienceId);
  return openSlot(
    session.user.sub,
    { adAccountId: list.accountId, name: list.name, uploader, refreshOf: audienceId },
    body,
    deps,
  );
}

async function openSlot(
  workspaceId: string,
  upload: { adAccountId: string; name: string; uploader: Uploader; refreshOf?: string },
  body: StartCustomerListRefreshBody,
  deps: AsyncUploadDeps,
): Promise<CustomerListUploadSlot> {
  const now = (deps.now ?? (() => new Date()))();
  const uploadId = randomUUID();
  await writeUploadState(deps.uploads, workspaceId, {
    progress: {
      uploadId,
      adAccountId: upload.adAccountId,
      name: upload.name,
      state: 'waiting',
      percent: 0,
      rows: 0,
      sent: 0,
      invalid: 0,
      batches: 0,
      ...(upload.refreshOf ? { audienceId: upload.refreshOf, refresh: {} } : {}),
      updatedAt: now.toISOString(),
    },
    settings: {
      mapping: body.mapping,
      ...(body.defaultCountry ? { defaultCountry: body.defaultCountry } : {}),
      size: body.size,
      uploader: upload.uploader,
      ...(upload.refreshOf ? { refreshOf: upload.refreshOf } : {}),
    },
  });
  const signed = await presignFilePut(deps.uploads, workspaceId, uploadId, body.size);
  return {
    uploadId,
    uploadUrl: signed.url,
    method: 'PUT',
    headers: signed.headers,
    expiresAt: new Date(now.getTime() + CUSTOMER_LIST_UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

async function stateOf(user: RequestUser, adAccountId: string, uploadId: string, uploads: UploadBucket) {
  const state = await readUploadState(uploads, user.sub, uploadId);
  if (!state || state.progress.adAccountId !== adAccountId) throw notFound('No such customer-list upload.');
  return state;
}

export async function processCustomerListUpload(
  user: RequestUser,
  adAccountId: string,
  uploadId: string,
  deps: AsyncUploadDeps,
): Promise<CustomerListUploadProgress> {
  // The same permission as at the start: an owner who withdrew it in between stops the upload here.
  await assertMayUploadCustomers(user, deps);
  const state = await stateOf(user, adAccountId, uploadId, deps.uploads);
  if (state.progress.state !== 'waiting') throw conflict('This upload is already being processed.');
  const size = await uploadedFileSize(deps.uploads, user.sub, uploadId);
  if (size === undefined) throw conflict('The file has not arrived yet: PUT it to the upload URL first.');
  if (size !== state.settings.size) {
    throw new AppError('VALIDATION_ERROR', 'The file that arrived is not the size announced.', {
      details: { field: 'size' },
    });
  }
  const progress: CustomerListUploadProgress = {
    ...state.progress,
    state: 'queued',
    updatedAt: (deps.now ?? (() => new Date()))().toISOString(),
  };
  await writeUploadState(deps.uploads, user.sub, { ...state, progress });
  await deps.queue({ workspaceId: user.sub, uploadId });
  return progress;
}

export interface UploadProgressDeps {
  uploads: UploadBucket;
  audit: AuditTable;
  /** The workspace's Graph client, opened only to delete what a stopped worker left on Meta. */
  graphFor: () => Promise<Pick<GraphClient, 'delete'>>;
  now?: () => Date;
}

export async function customerListUploadProgress(
  user: RequestUser,
  adAccountId: string,
  uploadId: string,
  deps: UploadProgressDeps,
): Promise<CustomerListUploadProgress> {
  const state = await stateOf(user, adAccountId, uploadId, deps.uploads);
  const now = (deps.now ?? (() => new Date()))();
  if (!workerStopped(state.progress, now)) return state.progress;
  return failStoppedUpload(user.sub, state, deps, now);
}

/**
 * A worker that died mid-upload (upload-staleness.ts) cleaned up nothing: here its file is deleted, a new list's
 * half-made audience too (it holds only part of the people, and no hashes were kept for a refresh), the attempt
 * audited as failed, and the progress says so. A refresh's list stays: it still has its people, and its kept hashes
 * are the last complete upload's, so uploading the file again sends what is still missing. Should Meta not answer the
 * deletion, nothing is recorded and the next read tries again, so no partial list is left looking healthy.
 */
async function failStoppedUpload(
  workspaceId: string,
  state: UploadState,
  deps: UploadProgressDeps,
  now: Date,
): Promise<CustomerListUploadProgress> {
  const { progress, settings } = state;
  await deleteUploadedFile(deps.uploads, workspaceId, progress.uploadId);
  if (progress.audienceId && !settings.refreshOf) {
    const graph = await deps.graphFor();
    await graph.delete(progress.audienceId).catch((error: unknown) => {
      // Meta's "does not exist" (100): deleted already, by an earlier read that failed to record it.
      if (!(error instanceof GraphError && error.code === 100)) throw error;
    });
  }
  const failed: CustomerListUploadProgress = {
    ...progress,
    state: 'failed',
    error: { ...STOPPED_UPLOAD_ERROR },
    updatedAt: now.toISOString(),
  };
  await writeUploadState(deps.uploads, workspaceId, { ...state, progress: failed });
  await auditFailure(
    deps.audit,
    {
      workspaceId,
      uploader: settings.uploader,
      action: settings.refreshOf ? 'refresh' : 'upload',
      adAccountId: progress.adAccountId,
      ...(settings.refreshOf ? { audienceId: settings.refreshOf } : {}),
      audienceName: progress.name,
    },
    STOPPED_UPLOAD_ERROR.code,
    now,
  );
  return failed;
}
