import { Clapperboard } from 'lucide-react';
import { useId, useState } from 'react';
import {
  DEFAULT_VIDEO_SECONDS,
  MAX_VIDEO_SECONDS,
  MIN_VIDEO_SECONDS,
  type VideoSizeId,
} from '@shared/graphics/video-motion';
import type { VideoReply } from '@shared/schemas/graphics-video';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { quotaExceededOf } from '@web/lib/billing/usage';
import { useVideoRender } from '@web/lib/video-render/use-video-render';
import type { SavedVersion } from './server-export';
import { RecentVideoRenders, RenderState, VideoRendersSection } from './video-renders';

const shapes: { id: VideoSizeId; label: string; hint: string }[] = [
  { id: 'story', label: '9:16 vertical', hint: 'Stories and Reels, 1080×1920' },
  { id: 'square', label: '1:1 square', hint: 'Feed, 1080×1080' },
];
const lengths = Array.from({ length: MAX_VIDEO_SECONDS - MIN_VIDEO_SECONDS + 1 }, (_, i) => MIN_VIDEO_SECONDS + i);

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
      <RecentVideoRenders except={render.job?.jobId} onMade={onMade} />
      <RenderState render={render} usage={usage} quotaHit={quotaHit} />
    </section>
  );
}

/**
 * The editor's video place: "Make a video" for a single design; for a carousel (made of cards, not one picture to
 * move: it has no video), the videos being made or made while the marketer was away, where they would look.
 */
export function VideoPanel({
  isCarousel,
  ensureSaved,
  blocked,
}: {
  isCarousel: boolean;
  ensureSaved: () => Promise<SavedVersion | null>;
  blocked: boolean;
}) {
  return isCarousel ? <VideoRendersSection /> : <MakeVideo ensureSaved={ensureSaved} blocked={blocked} />;
}
