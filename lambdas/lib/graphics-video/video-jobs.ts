import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import {
  videoRatios,
  type VideoRender,
  type VideoRenderList,
  type VideoRenderMessage,
  type VideoRenderStatus,
  type VideoRequest,
} from '@shared/schemas/graphics-video';
import { keyCondition, tableKey } from '@shared/table-keys';
import { queryAll } from '../aws/query-all';
import { conflict, isAppError, notFound } from '../errors';
import type { GraphicsDeps } from '../graphics/asset-uploads';
import type { GraphicsStore } from '../graphics/graphics-store';
import type { QuotaGrant } from '../quota/plan-quota';
import { checkVideoRequest, renderAndStoreVideo, type VideoDeps } from './render-video';
import { getVideoRecord, videoView } from './video-records';

/**
 * Video ads rendered in the background (issue 29 req 2). `POST …/videos` checks the request, counts one graphics
 * export, records a job `render#<id>` (under the workspace's partition, beside its designs) and queues it; the worker
 * (`graphics-video-worker`) renders, stores the video as `video#<same id>` and marks the job ready, or failed with a
 * reason in words and the export given back. SQS may deliver a message twice, or again after a crash: the job is
 * claimed with a conditional write, a job already ready or failed is left alone, and a video already stored under
 * the job's id is taken as done.
 */
export interface VideoJobRecord {
  jobId: string;
  designId: string;
  version: number;
  sizeId: VideoSizeId;
  seconds: number;
  status: VideoRenderStatus;
  progress: number;
  createdAt: string;
  /** The export counted for it: given back if the render fails. */
  grant: QuotaGrant;
  /** Deliveries that claimed it; the third is refused (a render that crashed twice will not succeed). */
  attempts: number;
  /** When the last delivery claimed it (ms since epoch): another delivery waits until that one has surely ended. */
  claimedAt?: number;
  error?: string;
  finishedAt?: string;
  /** The design's name when it was queued, for the list of renders (a screen may show another design's). */
  designName?: string;
  /** When the marketer saw how it ended (`POST …/seen`): it is then no longer listed. */
  seenAt?: string;
}

const RENDER = 'render#';
/** A job is read only while the web polls it; the video's own record stays. DynamoDB's TTL removes it after. */
export const VIDEO_JOB_TTL_SECONDS = 7 * 24 * 3600;
export const videoJobItemKey = (jobId: string) => `${RENDER}${jobId}`;

/** Claims after which a job is failed instead of rendered again. */
export const MAX_RENDER_ATTEMPTS = 2;

export async function putVideoJob(store: GraphicsStore, userId: string, job: VideoJobRecord): Promise<void> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        user_id: userId,
        item_key: videoJobItemKey(job.jobId),
        ...job,
        expires_at: Math.floor(Date.parse(job.createdAt) / 1000) + VIDEO_JOB_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(item_key)',
    }),
  );
}

export async function getVideoJob(store: GraphicsStore, userId: string, jobId: string): Promise<VideoJobRecord | null> {
  const reply = await store.doc.send(
    new GetCommand({
      TableName: store.table,
      Key: tableKey('graphicsItems', userId, videoJobItemKey(jobId)),
      ConsistentRead: true,
    }),
  );
  if (!reply.Item) return null;
  const { user_id: _user, item_key: _key, expires_at: _ttl, ...job } = reply.Item;
  return job as VideoJobRecord;
}

/**
 * Sets the fields on a job still rendering (and, with `claimBefore`, only if no delivery claimed it since then);
 * false when the job has moved on (ready, failed) or another delivery holds it.
 */
async function updateRenderingJob(
  store: GraphicsStore,
  userId: string,
  jobId: string,
  fields: Record<string, unknown>,
  options: { claimBefore?: number; addAttempt?: boolean } = {},
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':rendering': 'rendering' };
  const sets = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  let condition = '#status = :rendering';
  if (options.claimBefore !== undefined) {
    names['#claimedAt'] = 'claimedAt';
    values[':claimBefore'] = options.claimBefore;
    condition += ' AND (attribute_not_exists(#claimedAt) OR #claimedAt < :claimBefore)';
  }
  if (options.addAttempt) {
    names['#attempts'] = 'attempts';
    values[':one'] = 1;
  }
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.table,
        Key: tableKey('graphicsItems', userId, videoJobItemKey(jobId)),
        UpdateExpression: `SET ${sets.join(', ')}${options.addAttempt ? ' ADD #attempts :one' : ''}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export interface StartVideoDeps extends GraphicsDeps {
  /** Counts one graphics export against the plan (throws QUOTA_EXCEEDED), and gives it back. */
  quota: {
    consume: (userId: string) => Promise<QuotaGrant>;
    refund: (userId: string, grant: QuotaGrant) => Promise<void>;
  };
  /** Hands the job to the worker's queue. */
  enqueue: (message: VideoRenderMessage) => Promise<void>;
}

function jobView(job: VideoJobRecord): VideoRender {
  return {
    jobId: job.jobId,
    designId: job.designId,
    version: job.version,
    sizeId: job.sizeId,
    ratio: videoRatios[job.sizeId],
    seconds: job.seconds,
    status: job.status,
    progress: job.progress,
    createdAt: job.createdAt,
    ...(job.designName !== undefined && { designName: job.designName }),
    ...(job.finishedAt !== undefined && { finishedAt: job.finishedAt }),
    ...(job.error !== undefined && { error: job.error }),
  };
}

/**
 * `POST /api/graphics/designs/{id}/videos`: the checks a render needs (409, 400 naming the problem, 404) before
 * anything is counted; one graphics export counted (429 when used up); the job recorded as `rendering` and queued.
 * If it cannot be queued the job is failed and the export given back, and the request fails.
 */
export async function startVideoRender(
  deps: StartVideoDeps,
  userId: string,
  designId: string,
  request: VideoRequest,
): Promise<VideoRender> {
  const checked = await checkVideoRequest(deps, userId, designId, request);
  const grant = await deps.quota.consume(userId);
  const job: VideoJobRecord = {
    jobId: randomUUID(),
    designId,
    designName: checked.record.name,
    version: request.version,
    sizeId: request.sizeId,
    seconds: request.seconds,
    status: 'rendering',
    progress: 0,
    createdAt: deps.now().toISOString(),
    grant,
    attempts: 0,
  };
  try {
    await putVideoJob(deps.store, userId, job);
  } catch (error) {
    await deps.quota.refund(userId, grant);
    throw error;
  }
  try {
    await deps.enqueue({ userId, jobId: job.jobId });
  } catch (error) {
    if (await updateRenderingJob(deps.store, userId, job.jobId, { status: 'failed', error: 'It could not be queued.' }))
      await deps.quota.refund(userId, grant);
    throw error;
  }
  return { ...jobView(job), usage: { used: grant.used, limit: grant.limit, resetsAt: grant.resetsAt } };
}

/** `GET /api/graphics/video-renders/{id}`: the job of the caller's workspace; when ready, the video with fresh URLs. */
export async function readVideoRender(
  deps: Pick<StartVideoDeps, 'store' | 'bucket' | 'now' | 'quota'>,
  userId: string,
  jobId: string,
): Promise<VideoRender> {
  const found = await getVideoJob(deps.store, userId, jobId);
  if (!found) throw notFound('That video render does not exist.');
  const job = await failIfLost(deps, userId, found);
  if (job.status !== 'ready') return jobView(job);
  const video = await videoView(deps.bucket, await getVideoRecord(deps.store, userId, jobId), deps.now());
  return { ...jobView(job), video };
}

/**
 * How long after it was queued a job may still be `rendering`. Three deliveries of the worker's 300 s (each visible
 * again 360 s after the last) end well within it; one still rendering later was lost (its message dead-lettered, or
 * never delivered in time) and no worker will finish it: the next read or list fails it and gives the export back.
 */
export const VIDEO_RENDER_LISTED_FOR_MS = 30 * 60_000;

const LOST =
  'The render did not finish within 30 minutes and was stopped; the export was given back. Try again, or make a ' +
  'shorter video.';

/**
 * A job still rendering past `VIDEO_RENDER_LISTED_FOR_MS` is failed and its export refunded, once (the write is
 * conditional on it still rendering, so a worker finishing at the same moment, or two reads, cannot refund twice);
 * a worker that receives its message later skips it. Any other job is returned as it is.
 */
async function failIfLost(
  deps: Pick<StartVideoDeps, 'store' | 'now' | 'quota'>,
  userId: string,
  job: VideoJobRecord,
): Promise<VideoJobRecord> {
  const now = deps.now();
  if (job.status !== 'rendering' || Date.parse(job.createdAt) > now.getTime() - VIDEO_RENDER_LISTED_FOR_MS) return job;
  const ended = { status: 'failed' as const, error: LOST, finishedAt: now.toISOString() };
  if (await updateRenderingJob(deps.store, userId, job.jobId, ended)) {
    await deps.quota.refund(userId, job.grant);
    return { ...job, ...ended };
  }
  return (await getVideoJob(deps.store, userId, job.jobId)) ?? job;
}

/**
 * How long after it ended a render the marketer has not seen end is listed: long enough for a lunch, a meeting or
 * the next morning's visit, short of the job's own week.
 */
export const VIDEO_RENDER_ENDED_LISTED_FOR_MS = 24 * 3600_000;

/**
 * `GET /api/graphics/video-renders`: the workspace's renders still under way, and those that ended (ready or failed)
 * since and were not yet seen ending (`POST …/seen`), newest first. A screen left and opened again (or another
 * device) shows a render under way to its end, and one that ended while the marketer was away with its result or
 * its error until they dismiss it. A render lost on the way is failed here (`failIfLost`), so it is shown as ended.
 */
export async function listRecentVideoRenders(
  deps: Pick<StartVideoDeps, 'store' | 'now' | 'quota'>,
  userId: string,
): Promise<VideoRenderList> {
  const now = deps.now().getTime();
  const rows = await queryAll(deps.store.doc, {
    TableName: deps.store.table,
    KeyConditionExpression: keyCondition('graphicsItems', ':user', { beginsWith: ':prefix' }),
    FilterExpression:
      '#status = :rendering OR ' +
      '(#status IN (:ready, :failed) AND finishedAt >= :endedSince AND attribute_not_exists(seenAt))',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':user': userId,
      ':prefix': RENDER,
      ':rendering': 'rendering',
      ':ready': 'ready',
      ':failed': 'failed',
      ':endedSince': new Date(now - VIDEO_RENDER_ENDED_LISTED_FOR_MS).toISOString(),
    },
    ConsistentRead: true,
  });
  const jobs = rows.map(
    ({ user_id: _user, item_key: _key, expires_at: _ttl, ...job }) => job as unknown as VideoJobRecord,
  );
  const renders = (await Promise.all(jobs.map((job) => failIfLost(deps, userId, job))))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(jobView);
  return { renders };
}

/**
 * `POST /api/graphics/video-renders/{id}/seen`: the marketer saw how the render ended (watched it end, dismissed
 * it, tried again): it is no longer listed. Saying so twice keeps the first time. 404 for another workspace's job,
 * 409 while it is still rendering (there is no end to have seen yet).
 */
export async function acknowledgeVideoRender(
  deps: Pick<GraphicsDeps, 'store' | 'now'>,
  userId: string,
  jobId: string,
): Promise<VideoRender> {
  try {
    const reply = await deps.store.doc.send(
      new UpdateCommand({
        TableName: deps.store.table,
        Key: tableKey('graphicsItems', userId, videoJobItemKey(jobId)),
        UpdateExpression: 'SET seenAt = if_not_exists(seenAt, :now)',
        ConditionExpression: 'attribute_exists(item_key) AND #status <> :rendering',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': deps.now().toISOString(), ':rendering': 'rendering' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { user_id: _user, item_key: _key, expires_at: _ttl, ...job } = reply.Attributes ?? {};
    return jobView(job as VideoJobRecord);
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const job = await getVideoJob(deps.store, userId, jobId);
    if (!job) throw notFound('That video render does not exist.');
    throw conflict('That video is still rendering.');
  }
}

export interface RunVideoDeps extends VideoDeps {
  refund: (userId: string, grant: QuotaGrant) => Promise<void>;
  /** The worker's timeout (ms): a claim older than this belongs to a delivery that has ended. */
  timeoutMs: number;
  /** Least time between two progress writes (ms). */
  progressEveryMs?: number;
}

async function videoExists(store: GraphicsStore, userId: string, videoId: string): Promise<boolean> {
  try {
    await getVideoRecord(store, userId, videoId);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

const FAILED_UNEXPECTEDLY = 'The video could not be rendered. Try again; if it fails again, tell us.';

/**
 * One queued render (the worker's logic). Returns what happened; throws only when the job's own record cannot be
 * read or written (SQS then retries the message, and the claim keeps two deliveries from rendering at once).
 */
export async function runVideoRender(
  deps: RunVideoDeps,
  message: VideoRenderMessage,
): Promise<'ready' | 'failed' | 'skipped'> {
  const { userId, jobId } = message;
  const job = await getVideoJob(deps.store, userId, jobId);
  if (!job || job.status !== 'rendering') {
    deps.log('Video render skipped', { jobId, status: job?.status ?? 'missing' });
    return 'skipped';
  }
  const now = () => deps.now().getTime();
  const markReady = () =>
    updateRenderingJob(deps.store, userId, jobId, {
      status: 'ready',
      progress: 100,
      finishedAt: deps.now().toISOString(),
    });
  const fail = async (reason: string) => {
    if (
      await updateRenderingJob(deps.store, userId, jobId, {
        status: 'failed',
        error: reason,
        finishedAt: deps.now().toISOString(),
      })
    )
      await deps.refund(userId, job.grant);
    return 'failed' as const;
  };
  // A delivery that stored the video and died before marking the job: the work is done.
  if (await videoExists(deps.store, userId, jobId)) {
    await markReady();
    return 'ready';
  }
  const claimed = await updateRenderingJob(
    deps.store,
    userId,
    jobId,
    { claimedAt: now() },
    { claimBefore: now() - deps.timeoutMs, addAttempt: true },
  );
  if (!claimed) {
    deps.log('Video render skipped: another delivery is rendering it', { jobId });
    return 'skipped';
  }
  if (job.attempts + 1 > MAX_RENDER_ATTEMPTS) {
    deps.log('Video render given up', { jobId, attempts: job.attempts });
    return fail('The render stopped before finishing, twice. Try again, or make a shorter video.');
  }

  const request = { version: job.version, sizeId: job.sizeId, seconds: job.seconds };
  let lastWrite = now();
  const every = deps.progressEveryMs ?? 1000;
  const onFrames = async (done: number, total: number) => {
    if (now() - lastWrite < every) return;
    lastWrite = now();
    // Never 100 before the file is stored.
    await updateRenderingJob(deps.store, userId, jobId, { progress: Math.min(99, Math.floor((done / total) * 100)) });
  };
  try {
    const checked = await checkVideoRequest(deps, userId, job.designId, request);
    await renderAndStoreVideo(deps, userId, jobId, checked, request, onFrames);
  } catch (error) {
    // A refusal (the design saved again, an image deleted, storage full) says why; anything else is logged.
    if (isAppError(error) && error.statusCode < 500) return fail(error.message);
    deps.log('Video render failed', { jobId, error: String(error) });
    return fail(FAILED_UNEXPECTEDLY);
  }
  await markReady();
  return 'ready';
}
