import { ALT_TEXT_MAX_CHARS } from '@shared/schemas/graphics';
import { userDataMessage, type FeaturePrompt } from './prompt';

/**
 * Alt text for an exported ad image: what a screen reader user would otherwise miss, written from the design's own
 * words, its layout and what its photos show. The design's texts go in as data only (a headline cannot become an
 * instruction).
 */
export interface AltTextPromptInput {
  /** The template's name, e.g. "Offer badge". */
  layout: string;
  /** The visible texts in reading order, by role. */
  texts: Record<string, string>;
  /** What each photo or logo shows, as far as we know it (an AI image's brief, an upload's file name). */
  images: string[];
  /** The brand colours, named by hex. */
  colours: { background: string; accent: string };
}

const SYSTEM = `You write alt text for advertising images, for people using screen readers.

Write ONE plain sentence of at most ${ALT_TEXT_MAX_CHARS} characters that says what the image shows and what it says:
- start with what it is (e.g. "Ad for ..."), never with "Image of" or "Picture of";
- include the headline's words and the offer or button text when there is room, as they read;
- mention a photo's subject when one is described; skip colours unless they carry meaning;
- no hashtags, no emoji, no line breaks, no quotation marks around the whole sentence.`;

export const altTextPrompt: FeaturePrompt<AltTextPromptInput> = {
  feature: 'alt-text',
  version: 'alt-text/2026-11-22.1',
  build(input) {
    return [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: userDataMessage({ altTextFor: 'an ad image', ...input }) },
    ];
  },
};
