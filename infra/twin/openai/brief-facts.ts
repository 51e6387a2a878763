/**
 * The facts a marketer puts in a product brief ("Merino wool running socks, $24, free returns for 100 days, made
 * from recycled yarn"): the product's name, its price, what comes with it (free returns, shipping, a guarantee) and
 * what it is made of. A real model quotes them; the offline model does too, so its ads say something true and
 * specific instead of restating the product's name.
 */
export interface BriefFacts {
  /** The product's name, without the facts listed after it. */
  name: string;
  price?: string;
  /** "free returns for 100 days", "free shipping", "a 2-year warranty". */
  perk?: string;
  /** "made from recycled yarn". */
  material?: string;
}

const PRICE =
  /(?:[$€£¥]\s?\d+(?:,\d{3})*(?:\.\d+)?|\d+(?:,\d{3})*(?:\.\d+)?\s?(?:€|USD|EUR|GBP|dollars|euros))(?!\d)(?:\s(?:each|a month|per month|a year|per year))?/i;
const PERK =
  /\b(?:free (?:returns|shipping|delivery|exchanges)(?: (?:for|within|on) [^,;.]+)?|\d+-day (?:returns|money-back guarantee|trial)|(?:a )?money-back guarantee|(?:a )?\d+-year warranty)/i;
const MATERIAL = /\bmade (?:from|of|with|in) [^,;.]+/i;

export function briefFacts(product: string): BriefFacts {
  const text = product
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  const price = PRICE.exec(text)?.[0].trim();
  const perk = PERK.exec(text)?.[0].trim();
  const material = MATERIAL.exec(text)?.[0].trim();
  let rest = text;
  for (const fact of [price, perk, material]) if (fact) rest = rest.replace(fact, ',');
  const name =
    rest
      .split(/\s*[,;]\s*|\s+[-–—]\s+/)
      .map((part) => part.replace(/\s+(?:at|for|from|only|just|and|with)$/i, '').trim())
      .find((part) => part.length > 0) ?? text;
  return {
    name,
    ...(price ? { price } : {}),
    ...(perk ? { perk: perk.replace(/^a /i, 'a ').replace(/^Free/, 'free') } : {}),
    ...(material ? { material: material.replace(/^Made/, 'made') } : {}),
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Sentences that state the facts, richest first, starting at `offset` so the ads of one brief lead with different
 * facts. Empty when the brief states none.
 */
export function factSentences(facts: BriefFacts, offset = 0): string[] {
  const { price, perk, material } = facts;
  const sentences = [
    ...(price && perk ? [`Just ${price}, with ${perk}.`] : []),
    ...(material ? [`${capitalise(material)}.`] : []),
    ...(price ? [`Just ${price}.`] : []),
    ...(perk ? [`${capitalise(perk)}.`] : []),
  ];
  if (sentences.length === 0) return [];
  const start = offset % sentences.length;
  return [...sentences.slice(start), ...sentences.slice(0, start)];
}

/** The description's short forms of the facts ("$24 with free returns"), for a 30-character line. */
export function factLines(facts: BriefFacts): string[] {
  const { price, perk } = facts;
  const shortPerk = perk?.split(' ').slice(0, 2).join(' ');
  return [
    ...(price && shortPerk ? [`${price} with ${shortPerk}`] : []),
    ...(price ? [`Just ${price}`] : []),
    ...(shortPerk ? [capitalise(shortPerk)] : []),
  ];
}
