import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_LIST_UPLOAD_URL_SECONDS,
  type CustomerListJob,
  type CustomerListUploadProgress,
  type CustomerListUploadSlot,
  type StartCustomerListUploadBody,
} from '@shared/schemas/audiences';
import { AppError, conflict, notFound } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import type { RequestUser } from '../lib/http/request-user';
import {
  presignFilePut,
  readUploadState,
  uploadedFileSize,
  writeUploadState,
  type UploadBucket,
} from '../lib/customer-lists/upload-objects';
import { assertMayUploadCustomers, type UploadPermissionDeps } from './customer-upload-permission';

/**
 * A customer list too large for one request (issue 30, req 4 and 6), in three calls: `startCustomerListUpload`
 * checks the uploader's permission and the ad account, records the upload and presigns a PUT of the file's exact
 * size to the customer-lists bucket; the browser PUTs it; `processCustomerListUpload` checks the file arrived with
 * that size and queues it for customer-list-worker, whose progress `customerListUploadProgress` reads. Every key
 * is under the caller's workspace, so another workspace's upload id finds nothing (404).
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
  const now = (deps.now ?? (() => new Date()))();
  const uploadId = randomUUID();
  const workspaceId = session.user.sub;
  await writeUploadState(deps.uploads, workspaceId, {
    progress: {
      uploadId,
      adAccountId: account.id,
      name: body.name.trim(),
      state: 'waiting',
      percent: 0,
      rows: 0,
      sent: 0,
      invalid: 0,
      batches: 0,
      updatedAt: now.toISOString(),
    },
    settings: {
      mapping: body.mapping,
      ...(body.defaultCountry ? { defaultCountry: body.defaultCountry } : {}),
      size: body.size,
      uploader,
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

export async function customerListUploadProgress(
  user: RequestUser,
  adAccountId: string,
  uploadId: string,
  uploads: UploadBucket,
): Promise<CustomerListUploadProgress> {
  return (await stateOf(user, adAccountId, uploadId, uploads)).progress;
}
