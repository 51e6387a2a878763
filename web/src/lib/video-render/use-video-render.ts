import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import { expectedRenderSeconds, type VideoRender, type VideoReply } from '@shared/schemas/graphics-video';
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
export const videoRendersUnderWayKey = ['graphics', 'video-renders', 'under-way'] as const;

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
 * The workspace's renders under way when the screen opened (`GET /api/graphics/video-renders`), read afresh on each
 * visit: a render started before leaving (or on another device) is shown again. Read once, not polled: each listed
 * render is then followed by `useResumedVideoRender`, and one started here by `useVideoRender`.
 */
export function useVideoRendersUnderWay() {
  return useQuery({
    queryKey: videoRendersUnderWayKey,
    queryFn: ({ signal }) => apiRequest('graphicsVideoRenders', { signal }),
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    select: (list) => list.renders,
  });
}

/**
 * A render listed as under way, followed as if the screen had never been left: polled until ready (the video) or
 * failed (the reason), with the seconds since it was queued. The same fields as `useVideoRender` but `make`.
 */
export function useResumedVideoRender(listed: VideoRender, onReady?: (video: VideoReply, job: VideoRender) => void) {
  const poll = useRenderPoll(listed.jobId);
  const job = poll.data ?? listed;
  const rendering = job.status === 'rendering';
  const queuedAt = useMemo(() => Date.parse(listed.createdAt), [listed.createdAt]);
  const elapsed = useElapsedSeconds(rendering, Number.isNaN(queuedAt) ? undefined : queuedAt);
  useOnReady(job, onReady);
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
  };
}
