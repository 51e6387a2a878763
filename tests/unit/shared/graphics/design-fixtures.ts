import { type Design, defaultDesign, MAX_FEATURES, textLimits } from '@shared/graphics/design-schema';

/** Text sets the layout tests run every template and size with: from nearly empty to every field at its limit. */
function fill(max: number, words: string): string {
  let out = '';
  while (out.length < max) out += (out === '' ? '' : ' ') + words;
  return out.slice(0, max).trimEnd();
}

const prose = 'Wide breathable mesh keeps your feet cool through marathon training and summer heat';
/** Unbroken words wider than any column: must be broken between letters, never clipped. */
const unbroken = 'Supercalifragilisticexpialidociousnesswithoutanyspaces';

export const textSets: Record<string, Design['texts']> = {
  short: {
    ...defaultDesign().texts,
    headline: 'Hi',
    body: 'Yes',
    cta: 'Go',
    badge: '5%',
    quote: 'Great',
    attribution: 'A',
    features: ['Fast'],
    eventDate: 'Jun 1',
    eventPlace: 'Rome',
    caption: 'Hey',
  },
  typical: {
    headline: 'Run cooler this summer',
    body: 'Breathable running shoes with free returns for 100 days.',
    cta: 'Shop now',
    badge: '-30 %',
    quote: 'The lightest shoes I have ever raced in. My feet finally stay cool past mile 20.',
    attribution: 'Maya R., marathoner',
    features: ['Breathable mesh', '100-day returns', 'Carbon plate'],
    eventDate: 'Sat 14 June',
    eventPlace: 'Riverside Park, Lisbon',
    caption: 'Made for long days outside',
  },
  maximal: {
    headline: fill(textLimits.headline, prose),
    body: fill(textLimits.body, prose),
    cta: fill(textLimits.cta, 'Book your free consultation'),
    badge: fill(textLimits.badge, 'Free shipping worldwide'),
    quote: fill(textLimits.quote, prose),
    attribution: fill(textLimits.attribution, 'Alexandra Montgomery-Smith, head of growth'),
    features: Array.from({ length: MAX_FEATURES }, () => fill(textLimits.feature, prose)),
    eventDate: fill(textLimits.eventDate, 'Saturday 14 to Sunday 15 September'),
    eventPlace: fill(textLimits.eventPlace, 'Riverside Conference Centre, Lisbon, Portugal'),
    caption: fill(textLimits.caption, prose),
  },
  'long words': {
    headline: fill(textLimits.headline, unbroken),
    body: fill(textLimits.body, unbroken),
    cta: fill(textLimits.cta, unbroken),
    badge: fill(textLimits.badge, unbroken),
    quote: fill(textLimits.quote, unbroken),
    attribution: fill(textLimits.attribution, unbroken),
    features: Array.from({ length: MAX_FEATURES }, () => fill(textLimits.feature, unbroken)),
    eventDate: fill(textLimits.eventDate, unbroken),
    eventPlace: fill(textLimits.eventPlace, unbroken),
    caption: fill(textLimits.caption, unbroken),
  },
};

const png = 'data:image/png;base64,iVBORw0KGgo=';
export const withImages: Partial<Design> = {
  images: {
    background: { kind: 'data', url: png, width: 2400, height: 2400 },
    product: { kind: 'data', url: png, width: 2000, height: 2000 },
    logo: { kind: 'asset', key: 'users/u1/logo.svg', width: 400, height: 120, mimeType: 'image/svg+xml' },
  },
};
