import { TARGETING_AGE } from '@shared/campaign-rules';
import type { Brief } from './brief';
import { shortForm } from './copywriter';
import { briefInterests } from './schema-filler';

/** The schema name the campaign generator asks for (lambdas/campaign-generator/campaign-drafts.ts). */
export const CAMPAIGN_PLAN_SCHEMA_NAME = 'campaign_plan';

/**
 * The offline model's audiences for a campaign plan, as a media buyer would split them: ad sets of one campaign
 * that do not compete in the same auction — disjoint age bands (18–29, 30–44, 45–65 of the brief's ages), or,
 * when the brief's special ad category fixes ages at 18–65, disjoint interest sets (fewer ad sets if the brief
 * gives too few interests) — each named for who it reaches: "Hiking | 18–29". The rest of the plan (ads, copy)
 * is what the schema filler wrote from the brief.
 */
interface DraftAdSet {
  name: string;
  audienceSummary: string;
  interestKeywords: string[];
  ageMin: number;
  ageMax: number;
  ads: unknown[];
}

/** Ads Manager's name limit is 400; the plan schema's is 120. */
const NAME_MAX = 120;
const SUMMARY_MAX = 300;
/** max − min of a band at least this: the generator widens anything narrower (MIN_GENERATED_AGE_SPAN). */
const MIN_BAND = 10;

/** The ages the brief's audience names ("women 25-40", "ages 30 to 55"), within Meta's 18–65; else all adults. */
export function briefAges(audience: string): { min: number; max: number } {
  const match = /\b(\d{2})\s*(?:-|–|—|to)\s*(\d{2})\b/.exec(audience);
  const clamp = (v: number) => Math.min(TARGETING_AGE.max, Math.max(TARGETING_AGE.min, v));
  if (match) {
    const [a, b] = [clamp(Number(match[1])), clamp(Number(match[2]))];
    if (Math.abs(a - b) >= MIN_BAND) return { min: Math.min(a, b), max: Math.max(a, b) };
  }
  return { min: TARGETING_AGE.min, max: TARGETING_AGE.max };
}

/** Contiguous, disjoint bands covering the range: at most `wanted`, none narrower than MIN_BAND. */
export function ageBands(range: { min: number; max: number }, wanted: number): { min: number; max: number }[] {
  const count = Math.max(1, Math.min(wanted, Math.floor((range.max - range.min + 1) / (MIN_BAND + 1))));
  // The usual breaks for all adults; other ranges are cut evenly.
  if (range.min === 18 && range.max === 65 && count === 3)
    return [
      { min: 18, max: 29 },
      { min: 30, max: 44 },
      { min: 45, max: 65 },
    ];
  if (range.min === 18 && range.max === 65 && count === 2)
    return [
      { min: 18, max: 34 },
      { min: 35, max: 65 },
    ];
  const span = (range.max - range.min + 1) / count;
  return Array.from({ length: count }, (_, i) => ({
    min: Math.round(range.min + i * span),
    max: i === count - 1 ? range.max : Math.round(range.min + (i + 1) * span) - 1,
  }));
}

/** The ages the brief states in its own fields (the prompt's statedAges), which win over its text. */
function statedAges(question: string): { min: number; max: number } | null {
  const start = question.indexOf('{');
  if (start < 0) return null;
  try {
    const data = JSON.parse(question.slice(start, question.lastIndexOf('}') + 1)) as {
      statedAges?: { min?: unknown; max?: unknown };
    };
    const { min, max } = data.statedAges ?? {};
    return typeof min === 'number' && typeof max === 'number' ? { min, max } : null;
  } catch {
    return null;
  }
}

function specialCategories(question: string): string[] {
  const start = question.indexOf('{');
  if (start < 0) return [];
  try {
    const data = JSON.parse(question.slice(start, question.lastIndexOf('}') + 1)) as { specialAdCategories?: unknown };
    return Array.isArray(data.specialAdCategories)
      ? data.specialAdCategories.filter((c): c is string => typeof c === 'string')
      : [];
  } catch {
    return [];
  }
}

const cut = (text: string, max: number) => [...text].slice(0, max).join('').trim();

/** The brief's content words as interests when Meta's catalogue knows none of them (the editor flags those). */
function fallbackInterests(brief: Brief): string[] {
  const words = `${brief.audience} ${brief.product}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4 && !['with', 'that', 'this', 'from', 'their', 'people', 'want'].includes(word));
  const unique = [...new Set(words)].map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return unique.length > 0 ? unique : [shortForm(brief.product)];
}

/** Splits `items` into `parts` disjoint, non-empty groups, round robin (each keeps at most five, the schema's limit). */
function disjoint(items: string[], parts: number): string[][] {
  const groups = Array.from({ length: parts }, () => [] as string[]);
  items.forEach((item, i) => groups[i % parts]!.push(item));
  return groups.map((group) => group.slice(0, 5));
}

export function planAudiences(value: unknown, brief: Brief): unknown {
  const draft = value as { campaignName?: unknown; adSets?: DraftAdSet[] };
  if (!draft || !Array.isArray(draft.adSets) || draft.adSets.length === 0) return value;
  const known = briefInterests(brief);
  const interests = known.length > 0 ? known : fallbackInterests(brief);
  const restricted = specialCategories(brief.question).some((c) => c !== 'NONE');
  const who = shortForm(brief.audience);

  // Restricted: ages are fixed at 18–65, so only different interests keep ad sets apart.
  const count = restricted ? Math.min(draft.adSets.length, interests.length) : draft.adSets.length;
  const bands = restricted
    ? Array.from({ length: count }, () => ({ min: TARGETING_AGE.min, max: TARGETING_AGE.max }))
    : ageBands(statedAges(brief.question) ?? briefAges(brief.audience), count);
  const groups = disjoint(interests, restricted ? bands.length : Math.min(bands.length, interests.length));

  const adSets = bands.map((band, index): DraftAdSet => {
    const source = draft.adSets![index]!;
    // Age bands already keep the sets apart; interests are spread so each set also tries its own.
    const keywords = groups[index % groups.length]!;
    const ages = `${band.min}–${band.max}${band.max === TARGETING_AGE.max ? '+' : ''}`;
    const label = restricted ? keywords.join(', ') : `${keywords[0]}`;
    return {
      ...source,
      name: cut(restricted ? `${who} | ${label}` : `${who} | ${label} | ${ages}`, NAME_MAX),
      audienceSummary: cut(
        `${who.charAt(0).toUpperCase()}${who.slice(1)} aged ${band.min} to ${band.max} interested in ${keywords.join(', ')}: reached apart from the other ad sets, so they do not bid against each other.`,
        SUMMARY_MAX,
      ),
      interestKeywords: keywords,
      ageMin: band.min,
      ageMax: band.max,
    };
  });
  return { ...draft, adSets };
}
