/**
 * The offer an ad makes, read from its own words (issue 29 req 4: "offer" is one of the elements the creative
 * report ranks). Adsmith wrote the copy and the design, so this reads text it knows exactly; it is a fixed set of
 * patterns, not a guess: an ad none of them matches is recorded as making no offer. Written for the languages the
 * copy generators write (English, Spanish, French, German); the first kind that matches wins, in this order.
 */

export const OFFER_KINDS = [
  'Percent off',
  'Amount off',
  'Free shipping',
  'Free trial',
  'Free gift',
  'Bundle deal',
  'No offer',
] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

const CURRENCY = String.raw`(?:[$€£¥]|usd|eur|gbp)`;

const PATTERNS: ReadonlyArray<readonly [Exclude<OfferKind, 'No offer'>, RegExp]> = [
  // "20% off", "-30 %", "save 15%", "15 % de descuento", "jusqu'à -40 %", "20 % Rabatt".
  [
    'Percent off',
    /(?:^|[^\d])(?:-|−)\s?\d{1,2}\s?%|\d{1,2}\s?%\s?(?:off|de descuento|dto|de réduction|de remise|rabatt|günstiger)|(?:save|ahorra|économisez|spare)\s+(?:up to\s+)?\d{1,2}\s?%/iu,
  ],
  // "$10 off", "save £5", "10 € de descuento", "5 € Rabatt".
  [
    'Amount off',
    new RegExp(
      String.raw`${CURRENCY}\s?\d+(?:[.,]\d{1,2})?\s?off|(?:save|ahorra|économisez|spare)\s+${CURRENCY}\s?\d+|\d+(?:[.,]\d{1,2})?\s?${CURRENCY}\s?(?:off|de descuento|de réduction|rabatt)`,
      'iu',
    ),
  ],
  [
    'Free shipping',
    /free (?:shipping|delivery)|envío gratis|envío gratuito|livraison (?:gratuite|offerte)|kostenlose?r? (?:versand|lieferung)|versandkostenfrei/iu,
  ],
  [
    'Free trial',
    /free trial|try (?:it )?free|prueba gratis|prueba gratuita|essai gratuit|kostenlos testen|gratis testen/iu,
  ],
  ['Free gift', /free gift|gift with (?:every )?purchase|regalo gratis|cadeau offert|gratis[- ]geschenk/iu],
  [
    'Bundle deal',
    /buy one,? get one|\bbogo\b|2 for 1|two for one|2x1|3 for 2|dos por uno|deux pour le prix d'un|2 für 1/iu,
  ],
];

/** The offer the words make: every piece of the ad's copy or design text, in any order. */
export function offerOf(...texts: ReadonlyArray<string | undefined>): OfferKind {
  const words = texts.filter(Boolean).join(' \n ');
  return PATTERNS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'No offer';
}
