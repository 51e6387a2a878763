import { enumParameter, invalidParameter } from './graph-error.js';
import { hashKeys } from './prng.js';
import { handleGeoSearch } from './geo-locations.js';
import { jsonReply, type Reply } from './reply.js';

/**
 * Meta's targeting search (`GET /search?type=adinterest&q=…`, `adinterestsuggestion`,
 * `adinterestvalid`) over a fixed catalogue of interests. Ids are derived from the
 * name so they are stable across restarts, the way Meta's interest ids are.
 */

export interface Interest {
  id: string;
  name: string;
  path: string[];
  topic: string;
  /** Monthly active people worldwide (the bounds Meta reports straddle it). */
  audience: number;
}

const CATALOGUE: Array<[name: string, topic: string, audienceMillions: number]> = [
  ['Hiking', 'Sports and outdoors', 310],
  ['Camping', 'Sports and outdoors', 280],
  ['Backpacking (wilderness)', 'Sports and outdoors', 95],
  ['Trail running', 'Sports and outdoors', 48],
  ['Rock climbing', 'Sports and outdoors', 62],
  ['Mountaineering', 'Sports and outdoors', 41],
  ['Outdoor recreation', 'Sports and outdoors', 420],
  ['Running', 'Fitness and wellness', 510],
  ['Yoga', 'Fitness and wellness', 390],
  ['Physical fitness', 'Fitness and wellness', 720],
  ['Cycling', 'Sports and outdoors', 330],
  ['Mountain biking', 'Sports and outdoors', 88],
  ['Fishing', 'Sports and outdoors', 250],
  ['Skiing', 'Sports and outdoors', 120],
  ['Snowboarding', 'Sports and outdoors', 75],
  ['Surfing', 'Sports and outdoors', 66],
  ['Travel', 'Travel', 1100],
  ['Adventure travel', 'Travel', 210],
  ['Ecotourism', 'Travel', 54],
  ['Online shopping', 'Shopping and fashion', 980],
  ['Sustainable fashion', 'Shopping and fashion', 70],
  ['Sportswear', 'Shopping and fashion', 240],
  ['Footwear', 'Shopping and fashion', 300],
  ['Coffee', 'Food and drink', 560],
  ['Organic food', 'Food and drink', 180],
  ['Vegetarianism', 'Food and drink', 160],
  ['Cooking', 'Food and drink', 640],
  ['Photography', 'Hobbies and activities', 450],
  ['Gardening', 'Hobbies and activities', 290],
  ['Pets', 'Hobbies and activities', 520],
  ['Dogs', 'Hobbies and activities', 470],
  ['Small business', 'Business and industry', 260],
  ['Entrepreneurship', 'Business and industry', 310],
  ['Digital marketing', 'Business and industry', 190],
  ['Software', 'Technology', 350],
  ['Mobile apps', 'Technology', 600],
  ['Video games', 'Entertainment', 830],
  ['Music festivals', 'Entertainment', 140],
  ['Personal finance', 'Business and industry', 150],
  ['Real estate', 'Business and industry', 230],
  ['Parenting', 'Family and relationships', 370],
  ['Education', 'Education', 480],
  ['Online learning', 'Education', 210],
  ['Skin care', 'Shopping and fashion', 340],
  ['Home improvement', 'Hobbies and activities', 270],
];

export const INTERESTS: Interest[] = CATALOGUE.map(([name, topic, millions]) => ({
  id: `600${String(hashKeys('interest', name)).padStart(10, '0')}`,
  name,
  topic,
  path: ['Interests', topic, name],
  audience: millions * 1_000_000,
}));

const byId = new Map(INTERESTS.map((interest) => [interest.id, interest]));

export function findInterest(id: string): Interest | undefined {
  return byId.get(id);
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Interests whose name or topic matches the query's words, best first. */
export function searchInterests(query: string, limit = 25): Interest[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const scored = INTERESTS.map((interest) => {
    const name = normalise(interest.name);
    const topic = normalise(interest.topic);
    let score = 0;
    if (name === words.join(' ')) score += 100;
    for (const word of words) {
      if (name.split(' ').some((part) => part.startsWith(word))) score += 10;
      else if (name.includes(word)) score += 5;
      else if (word.length >= 4 && topic.includes(word)) score += 1;
    }
    return { interest, score };
  }).filter((entry) => entry.score > 0);
  scored.sort((a, b) => b.score - a.score || b.interest.audience - a.interest.audience);
  return scored.slice(0, limit).map((entry) => entry.interest);
}

/** Interests of the same topic as the given ones (what `adinterestsuggestion` returns). */
export function suggestInterests(names: string[], limit = 10): Interest[] {
  const given = names.map((name) => INTERESTS.find((interest) => normalise(interest.name) === normalise(name)));
  const topics = new Set(given.flatMap((interest) => (interest ? [interest.topic] : [])));
  const fromWords = names.flatMap((name) => searchInterests(name, 3));
  const suggestions = [...INTERESTS.filter((interest) => topics.has(interest.topic)), ...fromWords];
  const seen = new Set(given.flatMap((interest) => (interest ? [interest.id] : [])));
  const out: Interest[] = [];
  for (const interest of suggestions) {
    if (seen.has(interest.id)) continue;
    seen.add(interest.id);
    out.push(interest);
  }
  return out.slice(0, limit);
}

function render(interest: Interest): Record<string, unknown> {
  return {
    id: interest.id,
    name: interest.name,
    audience_size_lower_bound: Math.round(interest.audience * 0.94),
    audience_size_upper_bound: Math.round(interest.audience * 1.1),
    path: interest.path,
    topic: interest.topic,
  };
}

const SEARCH_TYPES = ['adinterest', 'adinterestsuggestion', 'adinterestvalid', 'adgeolocation'];

function interestList(raw: string | undefined): string[] {
  if (raw === undefined) throw invalidParameter('(#100) The parameter interest_list is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidParameter('(#100) param interest_list must be an array.');
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw invalidParameter('(#100) param interest_list must be an array.');
  }
  return parsed as string[];
}

/** `GET /search` for the interest types and locations; other search types are not modelled and say so. */
export function handleSearch(params: Record<string, string>): Reply {
  const type = params.type;
  if (type === undefined) throw invalidParameter('(#100) The parameter type is required');
  if (!SEARCH_TYPES.includes(type)) {
    if (['adlocale', 'adTargetingCategory', 'targetingoptionstatus'].includes(type)) {
      throw invalidParameter(`(#100) The Adsmith Meta sandbox does not model search type ${type}`);
    }
    throw enumParameter('type', SEARCH_TYPES);
  }
  if (type === 'adgeolocation') return handleGeoSearch(params);
  const limit = Math.min(Math.max(Number(params.limit ?? 25) || 25, 1), 1000);
  if (type === 'adinterest') {
    if (params.q === undefined || params.q.trim() === '') throw invalidParameter('(#100) The parameter q is required');
    return jsonReply({ data: searchInterests(params.q, limit).map(render) });
  }
  const names = interestList(params.interest_list);
  if (type === 'adinterestsuggestion') return jsonReply({ data: suggestInterests(names, limit).map(render) });
  return jsonReply({
    data: names.map((name) => {
      const match = INTERESTS.find((interest) => normalise(interest.name) === normalise(name));
      return match ? { ...render(match), valid: true } : { name, valid: false };
    }),
  });
}
