import { type Design, type DesignTexts } from './design-schema';
import { type PlacementSizeId } from './placement-sizes';

/**
 * The motion of a short video ad made from a design, as data: which layers the renderer draws once and which of them
 * each frame shows. The server encodes it (lambdas/lib/video-render); the timeline is pure so it is tested alone.
 *
 * The motion, in order: the design's picture without its words pushes in (zoom 1.12 → 1, ending exactly on the
 * composition, so the words appear where the layout and its safe zones put them), the words fade in (text reveal),
 * the full design holds, then it dissolves into a closing card carrying the call to action.
 */

/** Sizes a video is made at: Stories/Reels 9:16 1080×1920 and Feed 1:1 1080×1080 (Meta's recommended sizes). */
export const videoSizeIds = ['story', 'square'] as const satisfies readonly PlacementSizeId[];
export type VideoSizeId = (typeof videoSizeIds)[number];

export const VIDEO_FPS = 30;
/** Short video ads: 6–15 s (the range; well inside Meta's 1 s – 241 min for Feed and ≤ 60 s for Stories). */
export const MIN_VIDEO_SECONDS = 6;
export const MAX_VIDEO_SECONDS = 15;
export const DEFAULT_VIDEO_SECONDS = 10;

/** How far the picture is zoomed at the first frame (1 = the composition as laid out). */
export const START_ZOOM = 1.12;

export interface VideoTimeline {
  fps: number;
  totalFrames: number;
  /** Frames [0, zoomFrames): the picture layer pushes in. */
  zoomFrames: number;
  /** Frames [zoomFrames, zoomFrames + revealFrames): the picture dissolves into the full design (the words appear). */
  revealFrames: number;
  /** First frame of the dissolve into the closing card, and its length. */
  cardFadeStart: number;
  cardFadeFrames: number;
  /** First frame showing the closing card alone (held to the end). */
  cardStart: number;
}

export function videoTimeline(seconds: number, fps: number = VIDEO_FPS): VideoTimeline {
  if (!Number.isFinite(seconds) || seconds < MIN_VIDEO_SECONDS || seconds > MAX_VIDEO_SECONDS) {
    throw new RangeError(`A video lasts ${MIN_VIDEO_SECONDS}–${MAX_VIDEO_SECONDS} s, not ${seconds}.`);
  }
  const totalFrames = Math.round(seconds * fps);
  const zoomFrames = Math.round(1.5 * fps);
  const revealFrames = Math.round(0.6 * fps);
  const cardFrames = Math.round(2 * fps);
  const cardFadeFrames = Math.round(0.5 * fps);
  const cardStart = totalFrames - cardFrames;
  return {
    fps,
    totalFrames,
    zoomFrames,
    revealFrames,
    cardFadeStart: cardStart - cardFadeFrames,
    cardFadeFrames,
    cardStart,
  };
}

/** What one frame shows: a layer, or a dissolve `t` (0–1) of the way from one layer to another. */
export type FrameRecipe =
  | { kind: 'zoom'; index: number }
  | { kind: 'still'; layer: VideoLayerId }
  | { kind: 'blend'; from: VideoLayerId; to: VideoLayerId; t: number };

export type VideoLayerId = 'picture' | 'full' | 'card';

export function frameRecipe(frame: number, timeline: VideoTimeline): FrameRecipe {
  const { zoomFrames, revealFrames, cardFadeStart, cardFadeFrames, cardStart } = timeline;
  if (frame < zoomFrames) return { kind: 'zoom', index: frame };
  if (frame < zoomFrames + revealFrames) {
    return { kind: 'blend', from: 'picture', to: 'full', t: (frame - zoomFrames + 1) / revealFrames };
  }
  if (frame < cardFadeStart) return { kind: 'still', layer: 'full' };
  if (frame < cardStart) {
    return { kind: 'blend', from: 'full', to: 'card', t: (frame - cardFadeStart + 1) / (cardFadeFrames + 1) };
  }
  return { kind: 'still', layer: 'card' };
}

const noWords: DesignTexts = {
  headline: '',
  body: '',
  cta: '',
  badge: '',
  quote: '',
  attribution: '',
  features: [],
  eventDate: '',
  eventPlace: '',
  caption: '',
};

/** The call to action the closing card shows when the design has none. */
export const DEFAULT_CLOSING_CTA = 'Learn more';

/**
 * The three layers drawn once with the app's renderer: the picture (the design with its words hidden, no logo), the full
 * design, and the closing card (the brand's colours, logo, headline and call to action on the bold-headline layout).
 * Each is an ordinary design, so the layout's safe zones and checks apply to every frame's words.
 */
export function videoLayers(design: Design): Record<VideoLayerId, Design> {
  const { logo, ...pictures } = design.images;
  const { background } = design.colours;
  const hidden = { background, text: background, accent: background, onAccent: background };
  return {
    // The words stay (blank words would let the template re-flow, moving the picture between layers) but are drawn
    // in the background colour, so the reveal dissolves words in over the same picture.
    picture: { ...design, colours: hidden, images: pictures, cards: undefined },
    full: design,
    card: {
      ...design,
      templateId: 'bold-headline',
      texts: {
        ...noWords,
        headline: design.texts.headline,
        cta: design.texts.cta.trim() || DEFAULT_CLOSING_CTA,
      },
      images: logo ? { logo } : {},
      cards: undefined,
    },
  };
}
