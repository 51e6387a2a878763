import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clapperboard, Download, Megaphone } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_VIDEO_SECONDS,
  MAX_VIDEO_SECONDS,
  MIN_VIDEO_SECONDS,
  type VideoSizeId,
} from '@shared/graphics/video-motion';
import type { VideoReply } from '@shared/schemas/graphics-video';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { webPaths } from '@shared/web-paths';
import { Button, buttonVariants } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { apiRequest } from '@web/lib/api';
import { quotaExceededOf, usageKey } from '@web/lib/billing/usage';
import type { SavedVersion } from './server-export';

const shapes: { id: VideoSizeId; label: string; hint: string }[] = [
  { id: 'story', label: '9:16 vertical', hint: 'Stories and Reels, 1080×1920' },
  { id: 'square', label: '1:1 square', hint: 'Feed, 1080×1080' },
];
const ratioOf = (sizeId: VideoSizeId) => (sizeId === 'story' ? '9:16' : '1:1');
const lengths = Array.from({ length: MAX_VIDEO_SECONDS - MIN_VIDEO_SECONDS + 1 }, (_, i) => MIN_VIDEO_SECONDS + i);

/** Seconds since `running` turned true, ticking once a second while it stays true. */
function useElapsedSeconds(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [running]);
  return elapsed;
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The campaign generator's link for a video made here (read by its brief form as a video brief). */
export function videoAdLink(videoId: string): string {
  return `${webPaths.campaignGenerator}?${new URLSearchParams({ videoId }).toString()}`;
}

/**
 * "Make a video" (`POST /api/graphics/designs/{id}/videos`): the design is saved first when it changed, then the
 * server renders the saved version as a 9:16 or 1:1 MP4 of the chosen length while the request waits (about a
 * second of work per second of video). The preview plays the stored file; it downloads under its own name. A video
 * counts as one graphics export.
 */
export function MakeVideo({
  ensureSaved,
  blocked,
  onMade,
}: {
  ensureSaved: () => Promise<SavedVersion | null>;
  blocked: boolean;
  onMade?: (reply: VideoReply) => void;
}) {
  const queryClient = useQueryClient();
  const [sizeId, setSizeId] = useState<VideoSizeId>('story');
  const [seconds, setSeconds] = useState(DEFAULT_VIDEO_SECONDS);
  const shapeName = useId();

  const run = useMutation({
    mutationFn: async (choice: { sizeId: VideoSizeId; seconds: number }) => {
      const saved = await ensureSaved();
      if (!saved) throw new Error('the design could not be saved first.');
      return apiRequest('graphicsRenderVideo', {
        params: { id: saved.id },
        body: { version: saved.version, ...choice },
      });
    },
    onSuccess: (reply) => onMade?.(reply),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usageKey }),
  });
  const elapsed = useElapsedSeconds(run.isPending);
  const quotaHit = quotaExceededOf(run.error);
  const video = run.data;
  const asked = run.variables;

  return (
    <section aria-labelledby="video-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="video-heading" className="text-sm font-semibold">
        Make a video
      </h2>
      <p className="text-sm text-muted-foreground">
        The picture pushes in, the words fade in, and it ends on a card with your call to action. Counts as one export.
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Shape</legend>
        <div className="flex flex-wrap gap-3">
          {shapes.map((shape) => (
            <label key={shape.id} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={shapeName}
                value={shape.id}
                checked={sizeId === shape.id}
                onChange={() => setSizeId(shape.id)}
                className="mt-1"
              />
              <span>
                {shape.label}
                <span className="block text-xs text-muted-foreground">{shape.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Length" className="w-36">
          {(control) => (
            <NativeSelect {...control} value={seconds} onChange={(e) => setSeconds(Number(e.target.value))}>
              {lengths.map((length) => (
                <option key={length} value={length}>
                  {length} seconds
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button onClick={() => run.mutate({ sizeId, seconds })} disabled={run.isPending || blocked}>
          <Clapperboard aria-hidden="true" />
          {run.isPending ? 'Making the video…' : 'Make video'}
        </Button>
      </div>
      {blocked ? (
        <p className="text-sm text-muted-foreground">Fix the problems the checks list before making a video.</p>
      ) : null}
      {run.isPending && asked ? (
        <div className="grid gap-1">
          {/* Indeterminate: the server answers once, when the file is stored. */}
          <div
            role="progressbar"
            aria-label="Rendering the video"
            aria-valuetext={`${elapsed} s so far`}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
          </div>
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {run.isPending && asked
          ? `Rendering a ${asked.seconds} s ${ratioOf(asked.sizeId)} video on the server: ${elapsed} s so far (usually under ${asked.seconds + 10} s).`
          : video
            ? `Your ${video.seconds} s ${video.ratio} video is ready${video.usage ? `. ${Math.max(0, video.usage.limit - video.usage.used)} of ${video.usage.limit} exports left this month` : ''}.`
            : ''}
      </div>
      {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
      {run.isError && !quotaHit ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The video could not be made: {run.error instanceof Error ? run.error.message : 'please try again.'}
        </p>
      ) : null}
      {video ? (
        <div className="grid justify-items-start gap-2">
          <video
            controls
            playsInline
            preload="metadata"
            src={video.video.url}
            poster={video.thumbnail.url}
            aria-label={`Video preview, ${video.ratio}, ${video.seconds} seconds`}
            className={`max-h-[28rem] w-full rounded-md border bg-black ${video.ratio === '9:16' ? 'max-w-[15.75rem]' : 'max-w-[28rem]'}`}
          />
          <a
            href={video.video.downloadUrl}
            download={video.video.fileName}
            className="inline-flex items-center gap-1 text-sm text-primary underline"
          >
            <Download aria-hidden="true" className="size-4" />
            Download MP4 ({kilobytes(video.video.bytes)})
          </a>
          {/* The campaign generator reads the video again by its id and plans video ads that play it. */}
          <Link
            to={videoAdLink(video.videoId)}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            title="Opens the campaign generator with this video: every ad of the plan plays it"
          >
            <Megaphone aria-hidden="true" />
            Use in an ad
          </Link>
        </div>
      ) : null}
    </section>
  );
}
