import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import {
  expectedRenderSeconds,
  type VideoRender,
  type VideoRenderList,
  type VideoReply,
} from '@shared/schemas/graphics-video';
import { apiRequest } from '../api';
import { usageKey } from '../billing/usage-key';

/** How often a render in progress is read again. */
export const VIDEO_RENDER_POLL_MS = 1_500;

export interface VideoRenderAsk {
  designId: string;
  version: number;
  sizeId: VideoSizeId;
  seconds: number;
}

/**
 * Seconds since `running` turned true (or since `since`, ms since epoch: a render queued before this screen opened),
 * ticking once a second while it stays true.
 */
function useElapsedSeconds(running: boolean, since?: number): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = since ?? Date.now();
    // Never below 0: the server's clock may run a little ahead of this one.
    const tick = () => setElapsed(Math.max(0, Math.floor((Date.now() - started) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [running, since]);
  return elapsed;
}

export const videoRenderKey = (jobId: string) => ['graphics', 'video-render', jobId] as const;
export const recentVideoRendersKey = ['graphics', 'video-renders', 'recent'] as const;

const ended = (job: VideoRender | undefined) => job?.status === 'ready' || job?.status === 'failed';

/** Tells the server the marketer saw how the render ended (it is then no longer listed); at most once a job. */
function acknowledge(jobId: string): Promise<unknown> {
  // A lost acknowledgement only shows the ending once more on the next visit.
  return apiRequest('graphicsAcknowledgeVideoRender', { params: { id: jobId } }).catch(() => undefined);
}

/**
 * A render this screen followed until it ended was seen ending: acknowledged once, so it is not shown again. Not
 * while the tab is hidden (the marketer is elsewhere): then when it is shown again, or, if the tab is closed first,
 * on the next visit as ended while they were away.
 */
function useAcknowledgeWhenSeenEnding(job: VideoRender | undefined, enabled = true) {
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !job || !ended(job) || told.current === job.jobId) return;
    const { jobId } = job;
    const tell = () => {
      if (document.visibilityState === 'hidden' || told.current === jobId) return;
      told.current = jobId;
      void acknowledge(jobId);
    };
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [job, enabled]);
}

/** Reads a render until it is ready or failed; a failed read (the network) is read again too. */
function useRenderPoll(jobId: string | undefined) {
  return useQuery({
    queryKey: videoRenderKey(jobId ?? ''),
    queryFn: ({ signal }) => apiRequest('graphicsVideoRender', { params: { id: jobId! }, signal }),
    enabled: Boolean(jobId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || status === 'rendering' ? VIDEO_RENDER_POLL_MS : false;
    },
  });
}

/** Tells `onReady` once when the job is ready with its video. */
function useOnReady(
  job: VideoRender | undefined,
  onReady: ((video: VideoReply, job: VideoRender) => void) | undefined,
) {
  const queryClient = useQueryClient();
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (job?.status !== 'ready' || !job.video || told.current === job.jobId) return;
    told.current = job.jobId;
    if (job.usage === undefined) void queryClient.invalidateQueries({ queryKey: usageKey });
    onReady?.(job.video, job);
  }, [job, onReady, queryClient]);
}

/**
 * A video made on the server in the background (`POST …/videos` answers 202 with a job; the job is polled until it
 * is ready or failed), shared by the graphics generator and the campaign generator's brief. `start` may first do
 * other work (save the design) and returns what to render. `rendering` holds from the click to the end, with the
 * seconds so far and the seconds a render of that size usually takes; `video` is the finished one; `error` says
 * why it could not be made (the request refused, or the render failed).
 */
export function useVideoRender({
  prepare,
  onReady,
}: {
  prepare: (choice: { sizeId: VideoSizeId; seconds: number }) => Promise<VideoRenderAsk>;
  onReady?: (video: VideoReply, job: VideoRender) => void;
}) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: async (choice: { sizeId: VideoSizeId; seconds: number }) => {
      const ask = await prepare(choice);
      return apiRequest('graphicsRenderVideo', {
        params: { id: ask.designId },
        body: { version: ask.version, sizeId: ask.sizeId, seconds: ask.seconds },
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usageKey }),
  });
  const jobId = start.data?.jobId;
  const poll = useRenderPoll(jobId);
  // The 202's job until the first poll answers (it alone carries the usage it counted).
  const job = useMemo(
    () => (poll.data?.jobId === jobId && poll.data ? { ...poll.data, usage: start.data?.usage } : start.data),
    [poll.data, jobId, start.data],
  );
  const rendering = start.isPending || job?.status === 'rendering';
  const elapsed = useElapsedSeconds(rendering);

  useOnReady(job, onReady);
  useAcknowledgeWhenSeenEnding(job);

  const asked = start.variables;
  const failed = job?.status === 'failed' ? (job.error ?? 'the render failed.') : null;
  // A poll that keeps failing (the network) is said too; one failed poll is retried by the query itself.
  const pollError = poll.isError && !poll.data ? poll.error : null;
  return {
    make: (choice: { sizeId: VideoSizeId; seconds: number }) => start.mutate(choice),
    rendering,
    elapsed,
    /** What was asked for, and how long such a render usually takes (seconds). */
    asked: asked ? { ...asked, expectedSeconds: expectedRenderSeconds(asked.sizeId, asked.seconds) } : undefined,
    progress: job?.status === 'rendering' ? job.progress : undefined,
    job,
    video: job?.status === 'ready' ? job.video : undefined,
    /** The refusal of the request (quota, checks) as thrown, for the quota prompt. */
    requestError: start.error,
    /** Why it could not be made, in words. */
    errorMessage: start.error
      ? start.error instanceof Error
        ? start.error.message
        : 'please try again.'
      : (failed ?? (pollError instanceof Error ? pollError.message : null)),
  };
}

/**
 * The workspace's recent renders (`GET /api/graphics/video-renders`): those under way, and those that ended while
 * the marketer was away and were not yet seen ending. Read afresh on each visit, not polled: each listed render is
 * then followed by `useResumedVideoRender`, and one started here by `useVideoRender`.
 */
export function useRecentVideoRenders() {
  return useQuery({
    queryKey: recentVideoRendersKey,
    queryFn: ({ signal }) => apiRequest('graphicsVideoRenders', { signal }),
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    select: (list) => list.renders,
  });
}

/**
 * A listed render, followed as if the screen had never been left: polled until ready (the video) or failed (the
 * reason), with the seconds since it was queued. One that ended while this screen followed it was seen ending and is
 * acknowledged; one that had already ended when listed (`endedAway`) stays until `dismiss` (or `tryAgain`, which
 * queues the same render of the same saved version again and follows it in its place). The same fields as
 * `useVideoRender` otherwise.
 */
export function useResumedVideoRender(listed: VideoRender, onReady?: (video: VideoReply, job: VideoRender) => void) {
  const queryClient = useQueryClient();
  const poll = useRenderPoll(listed.jobId);
  const job = poll.data ?? listed;
  const endedAway = ended(listed);
  const rendering = job.status === 'rendering';
  const queuedAt = useMemo(() => Date.parse(listed.createdAt), [listed.createdAt]);
  const elapsed = useElapsedSeconds(rendering, Number.isNaN(queuedAt) ? undefined : queuedAt);
  useOnReady(job, onReady);
  useAcknowledgeWhenSeenEnding(job, !endedAway);
  const replaceListed = (next: VideoRender | null) =>
    queryClient.setQueryData<VideoRenderList>(recentVideoRendersKey, (list) =>
      list
        ? {
            renders: next
              ? list.renders.map((render) => (render.jobId === listed.jobId ? next : render))
              : list.renders.filter((render) => render.jobId !== listed.jobId),
          }
        : list,
    );
  const retry = useMutation({
    mutationFn: () =>
      apiRequest('graphicsRenderVideo', {
        params: { id: job.designId },
        body: { version: job.version, sizeId: job.sizeId, seconds: job.seconds },
      }),
    onSuccess: (next) => {
      void acknowledge(listed.jobId);
      replaceListed(next);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usageKey }),
  });
  const pollError = poll.isError && !poll.data ? poll.error : null;
  return {
    rendering,
    elapsed,
    asked: {
      sizeId: job.sizeId,
      seconds: job.seconds,
      expectedSeconds: expectedRenderSeconds(job.sizeId, job.seconds),
    },
    progress: rendering ? job.progress : undefined,
    job,
    video: job.status === 'ready' ? job.video : undefined,
    errorMessage:
      job.status === 'failed'
        ? (job.error ?? 'the render failed.')
        : pollError instanceof Error
          ? pollError.message
          : null,
    /** It had ended before this screen listed it: shown until dismissed. */
    endedAway,
    /** Seen: no longer listed, here or on the next visit. */
    dismiss: () => {
      void acknowledge(listed.jobId);
      replaceListed(null);
    },
    /** Queues the same render again (counts one export); the refusal, if any, as thrown. */
    tryAgain: () => retry.mutate(),
    retrying: retry.isPending,
    retryError: retry.error,
  };
}
