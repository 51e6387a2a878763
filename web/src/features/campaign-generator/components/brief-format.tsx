import { useQuery } from '@tanstack/react-query';
import { Clapperboard, X } from 'lucide-react';
import { useState } from 'react';
import { videoAskedIn, type VideoAsk } from '@shared/ad-video';
import {
  DEFAULT_VIDEO_SECONDS,
  MAX_VIDEO_SECONDS,
  MIN_VIDEO_SECONDS,
  type VideoSizeId,
} from '@shared/graphics/video-motion';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api';
import { useVideoRender } from '@web/lib/video-render/use-video-render';
import { briefVideoOf, type BriefVideo } from '../lib/brief-video';

export type BriefAdFormat = 'single_image' | 'carousel' | 'video';

const formatLabels: Record<BriefAdFormat, string> = {
  single_image: 'Single image',
  carousel: 'Carousel (the images as cards)',
  video: 'Video (from a saved design)',
};
const lengths = Array.from({ length: MAX_VIDEO_SECONDS - MIN_VIDEO_SECONDS + 1 }, (_, i) => MIN_VIDEO_SECONDS + i);

function askWords(ask: VideoAsk): string {
  const shape = ask.ratio === '9:16' ? 'vertical ' : ask.ratio === '1:1' ? 'square ' : '';
  return `${ask.seconds ? `${ask.seconds}-second ` : ''}${shape}video ad`;
}

interface BriefFormatProps {
  uid: string | undefined;
  format: BriefAdFormat;
  onFormat: (format: BriefAdFormat) => void;
  video: BriefVideo | null;
  onVideo: (video: BriefVideo | null) => void;
  /** The brief's own words (product and starting copy): a video asked for there is offered. */
  words: string;
  error?: string | undefined;
}

/**
 * The ads' format. Video: every ad plays one video made from a saved design (the graphics editor's "Use in an ad"
 * hands one over; otherwise it is made here from the chosen design, as "Make a video" does). A brief whose words ask
 * for a video ad ("a 10-second vertical video ad") is offered the video format, the shape and length preset.
 */
export function BriefFormat({ uid, format, onFormat, video, onVideo, words, error }: BriefFormatProps) {
  const ask = videoAskedIn(words);
  return (
    <div className="grid gap-3">
      <FormField label="Ad format">
        {(control) => (
          <NativeSelect {...control} value={format} onChange={(e) => onFormat(e.target.value as BriefAdFormat)}>
            {(Object.keys(formatLabels) as BriefAdFormat[]).map((key) => (
              <option key={key} value={key}>
                {formatLabels[key]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {ask && format !== 'video' ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
          <span>Your brief asks for a {askWords(ask)}.</span>
          <Button variant="outline" size="sm" onClick={() => onFormat('video')}>
            Make the ads video ads
          </Button>
        </div>
      ) : null}
      {format === 'video' ? (
        <section aria-label="The ads’ video" className="grid gap-2">
          {video ? (
            <ChosenVideo video={video} onRemove={() => onVideo(null)} />
          ) : (
            <VideoFromDesign uid={uid} ask={ask} onMade={onVideo} />
          )}
          {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
        </section>
      ) : null}
    </div>
  );
}

function ChosenVideo({ video, onRemove }: { video: BriefVideo; onRemove: () => void }) {
  const vertical = video.adVideo.ratio === '9:16';
  return (
    <div className="flex flex-wrap items-center gap-3">
      {video.posterUrl ? (
        <img
          src={video.posterUrl}
          alt={`Closing card of the ${video.label}`}
          className={`rounded-md border object-cover ${vertical ? 'h-32 w-18' : 'size-24'}`}
        />
      ) : null}
      {/* Below the poster on a phone rather than past the card's edge. */}
      <div className="grid min-w-48 flex-1 gap-1 text-sm">
        <span>
          Every ad plays the <strong>{video.label}</strong>, each with its own words.
        </span>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRemove}>
          <X aria-hidden="true" /> Choose another video
        </Button>
      </div>
    </div>
  );
}

/** A video made here from one of the user's saved designs (`POST /api/graphics/designs/{id}/videos`). */
function VideoFromDesign({
  uid,
  ask,
  onMade,
}: {
  uid: string | undefined;
  ask: VideoAsk | null;
  onMade: (video: BriefVideo) => void;
}) {
  const designs = useQuery({
    queryKey: ['campaign-generator', uid, 'designs'] as const,
    queryFn: async () => (await apiRequest('graphicsDesigns')).designs,
    enabled: Boolean(uid),
    staleTime: 60_000,
  });
  const [designId, setDesignId] = useState('');
  const [sizeId, setSizeId] = useState<VideoSizeId>(ask?.ratio === '1:1' ? 'square' : 'story');
  const asked = ask?.seconds;
  const [seconds, setSeconds] = useState(
    asked !== undefined && asked >= MIN_VIDEO_SECONDS && asked <= MAX_VIDEO_SECONDS ? asked : DEFAULT_VIDEO_SECONDS,
  );
  const list = designs.data ?? [];
  const chosen = list.find((design) => design.id === designId) ?? list[0];
  const make = useVideoRender({
    prepare: async (choice) => {
      if (!chosen) throw new Error('choose a saved design.');
      return { designId: chosen.id, version: chosen.version, ...choice };
    },
    onReady: (reply) => onMade(briefVideoOf(reply, list.find((design) => design.id === reply.designId)?.name)),
  });

  if (designs.isPending) return <Spinner label="Loading your saved designs" className="size-5" />;
  if (list.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        A video ad is made from a saved design: save one in the graphics generator, then come back here (or use its Make
        a video, then Use in an ad).
      </p>
    );
  }
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <p className="text-sm text-muted-foreground">
        Make the video from a saved design: the picture pushes in, the words fade in, and it ends on your call to
        action. Counts as one graphics export.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Saved design">
          {(control) => (
            <NativeSelect {...control} value={chosen?.id ?? ''} onChange={(e) => setDesignId(e.target.value)}>
              {list.map((design) => (
                <option key={design.id} value={design.id}>
                  {design.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Video shape">
          {(control) => (
            <NativeSelect {...control} value={sizeId} onChange={(e) => setSizeId(e.target.value as VideoSizeId)}>
              <option value="story">9:16 vertical (Stories, Reels)</option>
              <option value="square">1:1 square (Feed)</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Video length">
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
      </div>
      <div>
        <Button variant="outline" onClick={() => make.make({ sizeId, seconds })} disabled={make.rendering}>
          {make.rendering ? <Spinner className="size-4" /> : <Clapperboard aria-hidden="true" />}
          {make.rendering ? 'Making the video…' : 'Make the video'}
        </Button>
      </div>
      {make.rendering && make.asked ? (
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {`Rendering your ${make.asked.seconds} s ${make.asked.sizeId === 'story' ? '9:16' : '1:1'} video… ${make.progress ?? 0} % · ${make.elapsed} s so far (usually about ${make.asked.expectedSeconds} s).`}
        </p>
      ) : null}
      {make.errorMessage ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The video could not be made: {make.errorMessage}
        </p>
      ) : null}
    </div>
  );
}
