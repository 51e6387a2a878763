import { Download, Megaphone, RotateCcw, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { VideoSizeId } from '@shared/graphics/video-motion';
import type { VideoRender, VideoReply } from '@shared/schemas/graphics-video';
import { webPaths } from '@shared/web-paths';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { Button, buttonVariants } from '@web/components/ui/button';
import { quotaExceededOf } from '@web/lib/billing/usage';
import { useRecentVideoRenders, useResumedVideoRender } from '@web/lib/video-render/use-video-render';

const ratioOf = (sizeId: VideoSizeId) => (sizeId === 'story' ? '9:16' : '1:1');

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The campaign generator's link for a video made here (read by its brief form as a video brief). */
export function videoAdLink(videoId: string): string {
  return `${webPaths.campaignGenerator}?${new URLSearchParams({ videoId }).toString()}`;
}

type Resumed = ReturnType<typeof useResumedVideoRender>;
export type RenderView = Pick<Resumed, 'rendering' | 'elapsed' | 'progress' | 'video' | 'errorMessage'> & {
  asked: Resumed['asked'] | undefined;
};

/** A render's progress, then its video with the download and "Use in an ad", or why it could not be made. */
export function RenderState({
  render,
  usage,
  quotaHit,
  onUseInAd,
}: {
  render: RenderView;
  usage?: VideoRender['usage'];
  quotaHit?: ReturnType<typeof quotaExceededOf>;
  /** Before the campaign generator opens with the video. */
  onUseInAd?: () => void;
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
      {video ? <ReadyVideo video={video} onUseInAd={onUseInAd} /> : null}
    </>
  );
}

function ReadyVideo({ video, onUseInAd }: { video: VideoReply; onUseInAd?: () => void }) {
  return (
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
        onClick={onUseInAd}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        title="Opens the campaign generator with this video: every ad of the plan plays it"
      >
        <Megaphone aria-hidden="true" />
        Use in an ad
      </Link>
    </div>
  );
}

function minutesAgo(iso: string | undefined): string {
  const ms = iso ? Date.now() - Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '';
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return ' just now';
  if (minutes < 60) return ` ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return ` ${hours} h ago`;
}

/**
 * A listed render followed to its end. One that ended while the marketer was away says so, with what it was made
 * from and when; a failure offers "Try again" (the same render of the same saved version), and either stays until
 * dismissed.
 */
function ResumedRender({ listed, onMade }: { listed: VideoRender; onMade?: (reply: VideoReply) => void }) {
  const render = useResumedVideoRender(listed, onMade);
  const labelId = useId();
  const { job } = render;
  // The status line below says the length and shape while it renders; the caption names the design.
  const what = `${job.seconds} s ${ratioOf(job.sizeId)} video${job.designName ? ` of “${job.designName}”` : ''}`;
  const failed = job.status === 'failed';
  const retryQuota = quotaExceededOf(render.retryError);
  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-3 border-t pt-3">
      <p id={labelId} className="text-xs font-medium text-muted-foreground">
        {render.endedAway
          ? `${failed ? 'Failed' : 'Made'} while you were away${minutesAgo(job.finishedAt)}: your ${what}`
          : job.designName
            ? `Video of “${job.designName}”`
            : `Your ${what}`}
      </p>
      <RenderState render={render} onUseInAd={render.endedAway ? render.dismiss : undefined} />
      {render.endedAway ? (
        <div className="flex flex-wrap gap-2">
          {failed ? (
            <Button size="sm" onClick={render.tryAgain} disabled={render.retrying}>
              <RotateCcw aria-hidden="true" />
              {render.retrying ? 'Trying again…' : 'Try again'}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={render.dismiss} disabled={render.retrying}>
            <X aria-hidden="true" />
            Dismiss
          </Button>
        </div>
      ) : null}
      {retryQuota ? <QuotaUpgradePrompt quota={retryQuota} /> : null}
      {render.retryError && !retryQuota ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          It could not be tried again:{' '}
          {render.retryError instanceof Error ? render.retryError.message : 'please try again.'}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The workspace's renders under way, and those that ended while the marketer was away (until dismissed), each
 * followed to its end. `except` is a render the screen already shows (the one just started in it).
 */
export function RecentVideoRenders({ except, onMade }: { except?: string; onMade?: (reply: VideoReply) => void }) {
  const recent = useRecentVideoRenders();
  const renders = (recent.data ?? []).filter((listed) => listed.jobId !== except);
  return (
    <>
      {renders.map((listed) => (
        <ResumedRender key={listed.jobId} listed={listed} onMade={onMade} />
      ))}
    </>
  );
}

/**
 * Where a carousel's editor shows the videos being made (a carousel has no "Make a video" panel): the same list as
 * that panel's, under its own heading, and nothing at all when there is none.
 */
export function VideoRendersSection() {
  const recent = useRecentVideoRenders();
  if (!recent.data?.length) return null;
  return (
    <section aria-labelledby="video-renders-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="video-renders-heading" className="text-sm font-semibold">
        Your videos
      </h2>
      <p className="text-sm text-muted-foreground">
        Videos being made from your designs, and those made while you were away. A carousel is not made into a video:
        open a single design to make one.
      </p>
      <RecentVideoRenders />
    </section>
  );
}
