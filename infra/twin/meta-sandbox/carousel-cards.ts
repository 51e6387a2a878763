import { enumParameter, invalidParameter, type GraphError } from './graph-error.js';
import { CALL_TO_ACTION_VALUES } from './reference.js';

/**
 * A carousel link ad: `object_story_spec.link_data.child_attachments`, one object per card. The rules, where each
 * comes from:
 * - the fields of a card: facebook-nodejs-business-sdk v26 src/objects/ad-creative-link-data-child-attachment.js
 *   (call_to_action, caption, description, image_crops, image_hash, link, name, picture, place_data, static_card,
 *   video_id) plus caption_ids and referral_id from the v26 reference page
 *   developers.facebook.com/docs/marketing-api/reference/ad-creative-link-data-child-attachment; anything else is
 *   an unknown key, as for link_data itself;
 * - 2 to 10 cards: Meta's Ads Guide (carousel: "2–10 cards"), the Instagram carousel guide ("at least ... two for
 *   other objectives") and the Threads carousel guide ("Only 10 children are allowed"); the link_data reference
 *   still says "2-5", from before the limit was raised, and the SDK accepts 10;
 * - each card has a link, the destination of its click (Instagram and Threads carousel guides);
 * - each card has its own image (picture or image_hash): on Facebook a card without one repeats link_data's image,
 *   on Instagram and Threads "we do not default the image from link_data" — the sandbox answers as for a creative
 *   that may run on Instagram, the placements Adsmith's plans use;
 * - a card with a video_id also names its thumbnail in image_hash or picture (Meta's "Video Creative in the
 *   Carousel Format", developers.facebook.com/ads/blog 2015-10-21);
 * - a card's call_to_action.value.link, when given, is the card's link ("its link must be the same as the link of
 *   this child attachment", child-attachment reference, Instagram);
 * - multi_share_optimized (Meta orders the cards) and multi_share_end_card (the closing card with the Page's
 *   picture) are booleans (AdCreativeLinkData reference).
 * The exact subcodes of Meta's carousel refusals are not published; these answers use code 100 with the words
 * of the rule broken and name the blamed field, as Meta's validation refusals do.
 */

export const CHILD_ATTACHMENT_FIELDS = [
  'call_to_action',
  'caption',
  'caption_ids',
  'description',
  'image_crops',
  'image_hash',
  'link',
  'name',
  'picture',
  'place_data',
  'referral_id',
  'static_card',
  'video_id',
] as const;

export const MIN_CAROUSEL_CARDS = 2;
export const MAX_CAROUSEL_CARDS = 10;

/** The same text limits as link_data's own name and description (checkStorySpec). */
const CARD_TEXT_LIMIT = 255;

export interface CarouselCard {
  link: string;
  name?: string;
  description?: string;
  imageHash?: string;
  picture?: string;
  videoId?: string;
  callToActionType?: string;
}

export interface CarouselSpec {
  cards: CarouselCard[];
  multiShareOptimized?: boolean;
  multiShareEndCard?: boolean;
}

export interface CarouselChecks {
  isUrl: (value: unknown) => value is string;
  imageExists: (hash: string) => boolean;
  videoExists: (id: string) => boolean;
}

/** A refusal with words for people, as graph-create's own. */
function userError(title: string, message: string, subcode: number): GraphError {
  return invalidParameter('Invalid parameter', { subcode, userTitle: title, userMsg: message });
}

const field = (index: number, name: string) => `link_data[child_attachments][${index}][${name}]`;

function cardText(card: Record<string, unknown>, index: number, name: 'name' | 'description'): string | undefined {
  const value = card[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(`(#100) param ${field(index, name)} must be a string`);
  if (value.length > CARD_TEXT_LIMIT) {
    throw userError(
      'Text Too Long',
      `link_data.child_attachments[${index}].${name} can be at most ${CARD_TEXT_LIMIT} characters.`,
      1487040,
    );
  }
  return value;
}

function checkCard(raw: unknown, index: number, checks: CarouselChecks): CarouselCard {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalidParameter(`(#100) param link_data[child_attachments][${index}] must be JSON object.`);
  }
  const card = raw as Record<string, unknown>;
  for (const key of Object.keys(card)) {
    if (!(CHILD_ATTACHMENT_FIELDS as readonly string[]).includes(key)) {
      throw invalidParameter(`(#100) param link_data[child_attachments][${index}] has unknown key ${key}`);
    }
  }
  if (!checks.isUrl(card.link)) {
    throw invalidParameter(`(#100) ${field(index, 'link')} is required and must be a valid URL`, {
      userTitle: 'Carousel Card Needs a Link',
      userMsg: `Card ${index + 1} of the carousel needs a website URL (starting with http:// or https://).`,
      blame: [field(index, 'link')],
    });
  }
  const name = cardText(card, index, 'name');
  const description = cardText(card, index, 'description');
  const imageHash = card.image_hash;
  if (imageHash !== undefined && (typeof imageHash !== 'string' || !checks.imageExists(imageHash))) {
    throw userError(
      'Image Not Found',
      `The image hash ${String(imageHash)} doesn't match an image in this ad account.`,
      1487242,
    );
  }
  if (card.picture !== undefined && !checks.isUrl(card.picture)) {
    throw invalidParameter(`(#100) Param ${field(index, 'picture')} must be a valid URL`);
  }
  if (imageHash === undefined && card.picture === undefined) {
    throw invalidParameter(`(#100) ${field(index, 'image_hash')} or ${field(index, 'picture')} is required`, {
      userTitle: 'Carousel Card Needs an Image',
      userMsg: `Card ${index + 1} of the carousel needs an image (image_hash or picture); a video card needs one as its thumbnail.`,
      blame: [field(index, 'image_hash')],
    });
  }
  const videoId = card.video_id;
  if (videoId !== undefined && (typeof videoId !== 'string' || !checks.videoExists(videoId))) {
    throw invalidParameter(`(#100) ${field(index, 'video_id')}: the video ${String(videoId)} does not exist`, {
      userTitle: 'Video Not Found',
      userMsg: `The video ${String(videoId)} of card ${index + 1} isn't in this ad account's videos.`,
      blame: [field(index, 'video_id')],
    });
  }
  let callToActionType: string | undefined;
  if (card.call_to_action !== undefined) {
    const cta = card.call_to_action as { type?: unknown; value?: { link?: unknown } } | null;
    if (typeof cta !== 'object' || cta === null || typeof cta.type !== 'string') {
      throw invalidParameter(`(#100) param ${field(index, 'call_to_action')}[type] is required`);
    }
    if (!CALL_TO_ACTION_VALUES.includes(cta.type)) {
      throw enumParameter(`${field(index, 'call_to_action')}[type]`, CALL_TO_ACTION_VALUES);
    }
    const ctaLink = cta.value?.link;
    if (ctaLink !== undefined && ctaLink !== card.link) {
      throw invalidParameter(`(#100) ${field(index, 'call_to_action')}[value][link] must be the card's link`, {
        userTitle: 'Call to Action Link Differs',
        userMsg: `The button of card ${index + 1} must link to the card's own link.`,
        blame: [`${field(index, 'call_to_action')}[value][link]`],
      });
    }
    callToActionType = cta.type;
  }
  return {
    link: card.link,
    ...(name !== undefined && { name }),
    ...(description !== undefined && { description }),
    ...(typeof imageHash === 'string' && { imageHash }),
    ...(typeof card.picture === 'string' && { picture: card.picture }),
    ...(typeof videoId === 'string' && { videoId }),
    ...(callToActionType !== undefined && { callToActionType }),
  };
}

function optionalBoolean(data: Record<string, unknown>, name: string): boolean | undefined {
  const value = data[name];
  if (value === undefined) return undefined;
  // Form-encoded calls send booleans as strings; JSON bodies as booleans. Anything else is refused.
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalidParameter(`(#100) param link_data[${name}] must be a boolean`);
}

/** The carousel of a link_data, checked, or undefined when the link_data is a single-image link ad. */
export function checkCarousel(data: Record<string, unknown>, checks: CarouselChecks): CarouselSpec | undefined {
  const multiShareOptimized = optionalBoolean(data, 'multi_share_optimized');
  const multiShareEndCard = optionalBoolean(data, 'multi_share_end_card');
  const children = data.child_attachments;
  if (children === undefined) {
    if (multiShareOptimized !== undefined || multiShareEndCard !== undefined) {
      throw invalidParameter(
        '(#100) multi_share_optimized and multi_share_end_card apply to carousel ads (link_data[child_attachments])',
        { blame: ['link_data[child_attachments]'] },
      );
    }
    return undefined;
  }
  if (!Array.isArray(children)) throw invalidParameter('(#100) param link_data[child_attachments] must be an array.');
  if (children.length < MIN_CAROUSEL_CARDS || children.length > MAX_CAROUSEL_CARDS) {
    throw invalidParameter(
      `(#100) param link_data[child_attachments] must have between ${MIN_CAROUSEL_CARDS} and ${MAX_CAROUSEL_CARDS} elements`,
      {
        userTitle: 'Wrong Number of Carousel Cards',
        userMsg: `A carousel ad has ${MIN_CAROUSEL_CARDS} to ${MAX_CAROUSEL_CARDS} cards; this one has ${children.length}.`,
        blame: ['link_data[child_attachments]'],
      },
    );
  }
  return {
    cards: children.map((card, index) => checkCard(card, index, checks)),
    ...(multiShareOptimized !== undefined && { multiShareOptimized }),
    ...(multiShareEndCard !== undefined && { multiShareEndCard }),
  };
}

/** A stored carousel as Meta reads it back inside `object_story_spec.link_data`. */
export function carouselLinkData(carousel: CarouselSpec): Record<string, unknown> {
  return {
    child_attachments: carousel.cards.map((card) => ({
      link: card.link,
      ...(card.name !== undefined && { name: card.name }),
      ...(card.description !== undefined && { description: card.description }),
      ...(card.imageHash !== undefined && { image_hash: card.imageHash }),
      ...(card.picture !== undefined && { picture: card.picture }),
      ...(card.videoId !== undefined && { video_id: card.videoId }),
      ...(card.callToActionType !== undefined && {
        call_to_action: { type: card.callToActionType, value: { link: card.link } },
      }),
    })),
    ...(carousel.multiShareOptimized !== undefined && { multi_share_optimized: carousel.multiShareOptimized }),
    ...(carousel.multiShareEndCard !== undefined && { multi_share_end_card: carousel.multiShareEndCard }),
  };
}
