/**
 * Ad copy facts shared by the engine, the offline model's tests and the web:
 * Meta's recommended lengths, the call-to-action types we offer (a subset of
 * Meta's `CallToAction.type` enum, with the label Meta shows on the button),
 * the angles variants are written from, and the objectives (ODAX) and tones a
 * marketer can pick.
 */

/** Meta's recommended maximum lengths for feed ads; longer text is truncated behind "See more". */
export const AD_COPY_LIMITS = { headline: 40, primaryText: 125, description: 30 } as const;
export type AdCopyTextField = keyof typeof AD_COPY_LIMITS;

export const AD_COPY_MAX_VARIANTS = 5;

/** Call-to-action buttons suited to link ads, keyed by Meta's enum value, with the button's label. */
export const callToActionLabels = {
  LEARN_MORE: 'Learn more',
  SHOP_NOW: 'Shop now',
  SIGN_UP: 'Sign up',
  BOOK_NOW: 'Book now',
  GET_OFFER: 'Get offer',
  GET_QUOTE: 'Get quote',
  CONTACT_US: 'Contact us',
  ORDER_NOW: 'Order now',
  BUY_NOW: 'Buy now',
  SUBSCRIBE: 'Subscribe',
  APPLY_NOW: 'Apply now',
  DOWNLOAD: 'Download',
  INSTALL_MOBILE_APP: 'Install now',
  GET_STARTED: 'Get started',
  SEE_MORE: 'See more',
  WATCH_MORE: 'Watch more',
  MESSAGE_PAGE: 'Send message',
  CALL_NOW: 'Call now',
  GET_DIRECTIONS: 'Get directions',
  BUY_TICKETS: 'Buy tickets',
  DONATE_NOW: 'Donate now',
  LISTEN_NOW: 'Listen now',
} as const;
export type CallToActionType = keyof typeof callToActionLabels;
export const callToActionTypes = Object.keys(callToActionLabels) as [CallToActionType, ...CallToActionType[]];

/**
 * Maps free call-to-action text (what a model writes, e.g. "Shop Now!") onto
 * Meta's type: an exact label or enum match first, then the closest wording,
 * else LEARN_MORE, Meta's neutral default.
 */
export function callToActionFromText(text: string): CallToActionType {
  const wanted = text
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!wanted) return 'LEARN_MORE';
  for (const type of callToActionTypes) {
    if (wanted === callToActionLabels[type].toLowerCase() || wanted === type.toLowerCase().replace(/_/g, ' '))
      return type;
  }
  for (const type of callToActionTypes) {
    if (wanted.includes(callToActionLabels[type].toLowerCase())) return type;
  }
  const synonyms: [RegExp, CallToActionType][] = [
    [/\b(shop|store|cart)\b/, 'SHOP_NOW'],
    [/\b(buy|purchase)\b/, 'BUY_NOW'],
    [/\b(order)\b/, 'ORDER_NOW'],
    [/\b(book|reserve|appointment)\b/, 'BOOK_NOW'],
    [/\b(sign|join|register|try)\b/, 'SIGN_UP'],
    [/\b(offer|deal|discount|claim|save)\b/, 'GET_OFFER'],
    [/\b(quote|estimate)\b/, 'GET_QUOTE'],
    [/\b(download)\b/, 'DOWNLOAD'],
    [/\b(install|app)\b/, 'INSTALL_MOBILE_APP'],
    [/\b(subscribe)\b/, 'SUBSCRIBE'],
    [/\b(apply)\b/, 'APPLY_NOW'],
    [/\b(contact|talk|email)\b/, 'CONTACT_US'],
    [/\b(message|chat)\b/, 'MESSAGE_PAGE'],
    [/\b(call|phone)\b/, 'CALL_NOW'],
    [/\b(start|begin)\b/, 'GET_STARTED'],
    [/\b(watch|video)\b/, 'WATCH_MORE'],
    [/\b(donate|give)\b/, 'DONATE_NOW'],
    [/\b(ticket)\b/, 'BUY_TICKETS'],
  ];
  return synonyms.find(([pattern]) => pattern.test(wanted))?.[1] ?? 'LEARN_MORE';
}

/** Each variant is written from a different angle, so they test different ideas, not different words. */
export const adCopyAngles = {
  benefit: 'Benefit',
  social_proof: 'Social proof',
  urgency: 'Urgency',
  question: 'Question',
  problem_solution: 'Problem → solution',
} as const;
export type AdCopyAngle = keyof typeof adCopyAngles;
export const adCopyAngleKeys = Object.keys(adCopyAngles) as [AdCopyAngle, ...AdCopyAngle[]];

/**
 * The angles to write, in order: the one asked for, else the first N, shifted by the variation asked
 * for. Starting from the account's winning angle (`startFrom`), it is the first, the rest follow.
 */
export function anglesFor(request: {
  angle?: AdCopyAngle;
  variants: number;
  variation: number;
  startFrom?: { angle?: AdCopyAngle };
}): AdCopyAngle[] {
  if (request.angle) return [request.angle];
  const winner = request.startFrom?.angle;
  const order = winner ? [winner, ...adCopyAngleKeys.filter((a) => a !== winner)] : adCopyAngleKeys;
  const start = request.variation % order.length;
  return Array.from({ length: request.variants }, (_, i) => order[(start + i) % order.length]!);
}

/** Meta's current (ODAX) campaign objectives, with the names Ads Manager shows. */
export const campaignObjectiveLabels = {
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_LEADS: 'Leads',
  OUTCOME_APP_PROMOTION: 'App promotion',
  OUTCOME_SALES: 'Sales',
} as const;
export type CampaignObjective = keyof typeof campaignObjectiveLabels;
export const campaignObjectives = Object.keys(campaignObjectiveLabels) as [CampaignObjective, ...CampaignObjective[]];

export const adCopyTones = {
  friendly: 'Friendly',
  professional: 'Professional',
  playful: 'Playful',
  bold: 'Bold',
  luxurious: 'Luxurious',
  empathetic: 'Empathetic',
} as const;
export type AdCopyTone = keyof typeof adCopyTones;
export const adCopyToneKeys = Object.keys(adCopyTones) as [AdCopyTone, ...AdCopyTone[]];

export const adCopyLanguages = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
} as const;
export type AdCopyLanguage = keyof typeof adCopyLanguages;
export const adCopyLanguageKeys = Object.keys(adCopyLanguages) as [AdCopyLanguage, ...AdCopyLanguage[]];

const graphemes = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter() : null;

/** Characters as a person counts them: an emoji (with its variation selector or skin tone) is one. */
export function characterCount(text: string): number {
  if (!graphemes) return [...text].length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

export interface LengthCheck {
  field: AdCopyTextField;
  count: number;
  limit: number;
  over: boolean;
}

export function checkLength(field: AdCopyTextField, text: string): LengthCheck {
  const count = characterCount(text);
  const limit = AD_COPY_LIMITS[field];
  return { field, count, limit, over: count > limit };
}
