import { TARGETING_AGE } from './campaign-rules';

/**
 * Who a brief's free text says the ads are for, in the terms Meta targets by: an age band and a gender
 * ("Women 25-45" → women, 25 to 45), and the languages it names. A generated plan once targeted all
 * genders while naming its ad sets "Women 25-45": what the brief states is carried into the plan by the
 * software, never left to the model. The form prefills its own fields from this, and a brief sent
 * without them is read the same way on the server.
 */

export type BriefGender = 'male' | 'female';

export interface BriefTargeting {
  ageMin?: number;
  ageMax?: number;
  /** One gender, when the brief names only one; absent = all. */
  genders?: BriefGender[];
  /** Languages the brief names ("Spanish-speaking", "in French"): the copy is written in the first. */
  languages?: string[];
}

const FEMALE = /\b(women|woman|female|females|ladies|lady|girls|mothers|moms|mums)\b/i;
const MALE = /\b(men|man|male|males|gentlemen|guys|boys|fathers|dads)\b/i;

/** Languages a marketer names in a brief, as Meta's locale names start. */
export const BRIEF_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Polish',
  'Swedish',
  'Danish',
  'Norwegian',
  'Finnish',
  'Turkish',
  'Arabic',
  'Hindi',
  'Japanese',
  'Korean',
  'Chinese',
  'Vietnamese',
  'Russian',
  'Ukrainian',
  'Greek',
  'Czech',
  'Romanian',
  'Hungarian',
] as const;

const clampAge = (age: number) => Math.min(TARGETING_AGE.max, Math.max(TARGETING_AGE.min, age));

function ages(text: string): Pick<BriefTargeting, 'ageMin' | 'ageMax'> {
  const band = /\b(\d{2})\s*(?:-|–|—|to|bis|a)\s*(\d{2})\b/i.exec(text);
  if (band) {
    const [a, b] = [clampAge(Number(band[1])), clampAge(Number(band[2]))];
    return { ageMin: Math.min(a, b), ageMax: Math.max(a, b) };
  }
  const over = /\b(?:over|above|aged?\s+over|older than)\s+(\d{2})\b|\b(\d{2})\s*\+/i.exec(text);
  const under = /\b(?:under|below|younger than)\s+(\d{2})\b/i.exec(text);
  const found: Pick<BriefTargeting, 'ageMin' | 'ageMax'> = {};
  if (over) found.ageMin = clampAge(Number(over[1] ?? over[2]));
  if (under) found.ageMax = clampAge(Number(under[1]));
  return found;
}

/** What the audience text states; nothing it does not. */
export function parseBriefAudience(text: string): BriefTargeting {
  const found: BriefTargeting = { ...ages(text) };
  const female = FEMALE.test(text);
  const male = MALE.test(text);
  if (female !== male) found.genders = [female ? 'female' : 'male'];
  const languages = BRIEF_LANGUAGES.filter((language) =>
    new RegExp(`\\b${language}(?:[- ]speaking|[- ]speakers?)?\\b`, 'i').test(text),
  );
  if (languages.length > 0) found.languages = [...languages];
  return found;
}

/** The brief's stated targeting: its own fields where given, else what its audience text says. */
export function briefTargeting(brief: BriefTargeting & { audience: string }): BriefTargeting {
  const parsed = parseBriefAudience(brief.audience);
  const ageMin = brief.ageMin ?? parsed.ageMin;
  const ageMax = brief.ageMax ?? parsed.ageMax;
  const genders = brief.genders ?? parsed.genders;
  const languages = brief.languages ?? parsed.languages;
  return {
    ...(ageMin !== undefined && { ageMin }),
    ...(ageMax !== undefined && { ageMax }),
    ...(genders !== undefined && genders.length > 0 && { genders }),
    ...(languages !== undefined && languages.length > 0 && { languages }),
  };
}
