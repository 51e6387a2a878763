import { Clapperboard, Download, Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_VIDEO_SECONDS,
  MAX_VIDEO_SECONDS,
  MIN_VIDEO_SECONDS,
  type VideoSizeId,
} from '@shared/graphics/video-motion';
import type { VideoRender, VideoReply } from '@shared/schemas/graphics-video';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { webPaths } from '@shared/web-paths';
import { Button, buttonVariants } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { quotaExceededOf } from '@web/lib/billing/usage';
import { useResumedVideoRender, useVideoRender, useVideoRendersUnderWay } from '@web/lib/video-render/use-video-render';
import type { SavedVersion } from './server-export';

const shapes: { id: VideoSizeId; label: string; hint: string }[] = [
  { id: 'story', label: '9:16 vertical', hint: 'Stories and Reels, 1080×1920' },
  { id: 'square', label: '1:1 square', hint: 'Feed, 1080×1080' },
];
const ratioOf = (sizeId: VideoSizeId) => (sizeId === 'story' ? '9:16' : '1:1');
const lengths = Array.from({ length: MAX_VIDEO_SECONDS - MIN_VIDEO_SECONDS + 1 }, (_, i) => MIN_VIDEO_SECONDS + i);

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The campaign generator's link for a video made here (read by its brief form as a video brief). */
export function videoAdLink(videoId: string): string {
  return `${webPaths.campaignGenerator}?${new URLSearchParams({ videoId }).toString()}`;
}

/**
 * "Make a video" (`POST /api/graphics/designs/{id}/videos`): the design is saved first when it changed, then the
 * server renders the saved version as a 9:16 or 1:1 MP4 of the chosen length in the background; the panel polls the
 * render and shows its progress, the seconds so far and about how long it takes. The preview plays the stored
 * file; it downloads under its own name. A video counts as one graphics export (given back if the render fails).
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
  const [sizeId, setSizeId] = useState<VideoSizeId>('story');
  const [seconds, setSeconds] = useState(DEFAULT_VIDEO_SECONDS);
  const shapeName = useId();
  const render = useVideoRender({
    prepare: async (choice) => {
      const saved = await ensureSaved();
      if (!saved) throw new Error('the design could not be saved first.');
      return { designId: saved.id, version: saved.version, ...choice };
    },
    onReady: onMade,
  });
  const quotaHit = quotaExceededOf(render.requestError);
  const usage = render.job?.usage;
  // Renders under way when the screen opened (left mid-render, or started on another device): shown to their end.
  const underWay = useVideoRendersUnderWay();
  const resumed = (underWay.data ?? []).filter((listed) => listed.jobId !== render.job?.jobId);

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
        <Button onClick={() => render.make({ sizeId, seconds })} disabled={render.rendering || blocked}>
          <Clapperboard aria-hidden="true" />
          {render.rendering ? 'Making the video…' : 'Make video'}
        </Button>
      </div>
      {blocked ? (
        <p className="text-sm text-muted-foreground">Fix the problems the checks list before making a video.</p>
      ) : null}
      {resumed.map((listed) => (
        <ResumedRender key={listed.jobId} listed={listed} onMade={onMade} />
      ))}
      <RenderState render={render} usage={usage} quotaHit={quotaHit} />
    </section>
  );
}

type RenderView = Pick<
  ReturnType<typeof useResumedVideoRender>,
  'rendering' | 'elapsed' | 'progress' | 'video' | 'errorMessage'
> & { asked: ReturnType<typeof useResumedVideoRender>['asked'] | undefined };

/** A render's progress, then its video with the download and "Use in an ad", or why it could not be made. */
function RenderState({
  render,
  usage,
  quotaHit,
}: {
  render: RenderView;
  usage?: VideoRender['usage'];
  quotaHit?: ReturnType<typeof quotaExceededOf>;
}) {
  const { asked, elapsed, video } = render;
  return (
    <>
      {render.rendering && asked ? (
        <div className="grid gap-1">
          {/* The worker writes the share of frames encoded; before it starts (queue, cold start) it is 0. */}
          <div
            role="progressbar"
            aria-label="Rendering the video"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={render.progress ?? 0}
            aria-valuetext={`${render.progress ?? 0} %, ${elapsed} s so far`}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-700"
              style={{ width: `${Math.max(4, render.progress ?? 0)}%` }}
            />
          </div>
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {render.rendering && asked
          ? `Rendering your ${asked.seconds} s ${ratioOf(asked.sizeId)} video… ${render.progress ?? 0} % · ${elapsed} s so far (usually about ${asked.expectedSeconds} s, longer when the servers are busy).`
          : video
            ? `Your ${video.seconds} s ${video.ratio} video is ready${usage ? `. ${Math.max(0, usage.limit - usage.used)} of ${usage.limit} exports left this month` : ''}.`
            : ''}
      </div>
      {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
      {render.errorMessage && !quotaHit ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The video could not be made: {render.errorMessage}
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
    </>
  );
}

/** A render under way when the screen opened (started before leaving it, or elsewhere), followed to its end. */
function ResumedRender({ listed, onMade }: { listed: VideoRender; onMade?: (reply: VideoReply) => void }) {
  const render = useResumedVideoRender(listed, onMade);
  return (
    <div className="grid gap-3 border-t pt-3">
      <RenderState render={render} />
    </div>
  );
}
