import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PlanAd, PlanIssue } from '@shared/schemas/campaign-plan';
import type { VideoReply } from '@shared/schemas/graphics-video';
import { webPaths } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useMyVideos } from '../api/campaign-generator-api';
import { errorAt, warningAt } from '../lib/plan-edits';

const pickButtonClass =
  'grid justify-items-center gap-1 rounded-md border-2 border-transparent p-1 text-xs focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-primary';

const madeAt = (createdAt: string) =>
  new Date(createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "6 s 9:16 video made 20 Nov 2026, 10:04": how a rendered video is named to the marketer. */
export function videoName(video: Pick<VideoReply, 'seconds' | 'ratio' | 'createdAt'>): string {
  return `${video.seconds} s ${video.ratio} video made ${madeAt(video.createdAt)}`;
}

interface AdVideoPickerProps {
  ad: PlanAd;
  label: string;
  at: string;
  issues: PlanIssue[];
  changeAd: (change: (ad: PlanAd) => void) => void;
}

/**
 * A video ad's video, and the user's other rendered videos to swap it for (as a carousel card picks another image):
 * the list is read when the marketer asks to change it. The server takes only the user's own files.
 */
export function AdVideoPicker({ ad, label, at, issues, changeAd }: AdVideoPickerProps) {
  const { currentUser } = useAuth();
  const [open, setOpen] = useState(false);
  const videos = useMyVideos(currentUser?.uid, open);
  const current = ad.video;
  const error = errorAt(issues, `${at}.video`);
  const warning = warningAt(issues, `${at}.video`);
  const list = videos.data ?? [];
  return (
    <section aria-label={`${label} video`} className="grid gap-2 rounded-md bg-muted/40 p-2">
      <p className="text-sm">
        {current
          ? `Video ad: plays the ${current.seconds} s ${current.ratio} video, sent to the ad account when you preview or publish.`
          : 'Video ad: choose its video.'}
      </p>
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
      {warning ? <p className="text-sm text-muted-foreground">{warning}</p> : null}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <Clapperboard aria-hidden="true" /> {open ? `Keep the ${label} video` : `Change the ${label} video`}
      </Button>
      {open ? (
        <div className="grid gap-2">
          {videos.isPending ? <Spinner label="Loading your videos" className="size-5" /> : null}
          {videos.isError ? <Alert variant="destructive">{videos.error.message}</Alert> : null}
          {videos.isSuccess && list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No videos yet.{' '}
              <Link to={webPaths.adsGraphicsGenerator} className="text-primary underline-offset-4 hover:underline">
                Make one from a saved design
              </Link>
              .
            </p>
          ) : null}
          {list.length > 0 ? (
            <ul aria-label={`Your videos for ${label}`} className="flex flex-wrap gap-2">
              {list.map((video) => {
                const chosen = video.adVideo.assetKey === current?.assetKey;
                return (
                  <li key={video.videoId}>
                    <button
                      type="button"
                      aria-label={`Use the ${videoName(video)}`}
                      aria-pressed={chosen}
                      disabled={chosen}
                      onClick={() => {
                        changeAd((a) => {
                          a.video = video.adVideo;
                        });
                        setOpen(false);
                      }}
                      className={pickButtonClass}
                    >
                      <img
                        src={video.thumbnail.url}
                        alt=""
                        className={`rounded object-cover ${video.ratio === '9:16' ? 'h-24 w-14' : 'size-20'}`}
                      />
                      <span>
                        {video.seconds} s · {video.ratio}
                      </span>
                      {/* Videos of one shape and length look alike: when each was made tells them apart. */}
                      <span className="text-muted-foreground">{madeAt(video.createdAt)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
