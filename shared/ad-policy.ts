/**
 * A first-pass check of ad text against the parts of Meta's Advertising
 * Standards that most often get copy rejected. It flags wording for a person to
 * look at, with the reason; it is not Meta's review and cannot pass an ad.
 */
export type PolicyRule = 'personal_attributes' | 'unrealistic_promise' | 'before_after' | 'sensational';

export interface PolicyIssue {
  rule: PolicyRule;
  /** The words that triggered it, as written. */
  phrase: string;
  reason: string;
}

const reasons: Record<PolicyRule, string> = {
  personal_attributes:
    'Meta rejects ads that assert or imply personal attributes of the viewer (health, weight, religion, ethnicity, sexual orientation, finances and the like). Speak about the product, not about them.',
  unrealistic_promise:
    'Meta rejects unrealistic or guaranteed results (income, weight loss, cures, instant outcomes). State what the product does, without promises.',
  before_after:
    'Meta rejects before-and-after claims that imply unexpected or unlikely results, especially for health and appearance.',
  sensational: 'Meta limits sensational or clickbait wording. Say plainly what the viewer gets.',
};

const attributes = [
  'overweight',
  'fat',
  'obese',
  'chubby',
  'depressed',
  'anxious',
  'lonely',
  'diabetic',
  'bald',
  'balding',
  'pregnant',
  'disabled',
  'addicted',
  'an addict',
  'in debt',
  'broke',
  'bankrupt',
  'poor',
  'unemployed',
  'divorced',
  'single',
  'gay',
  'lesbian',
  'bisexual',
  'transgender',
  'christian',
  'muslim',
  'jewish',
  'hindu',
  'buddhist',
  'atheist',
  'black',
  'latino',
  'hispanic',
  'asian',
  'old',
  'elderly',
  'sick',
  'infertile',
];
const conditions = [
  'diabetes',
  'depression',
  'anxiety',
  'cancer',
  'acne',
  'hair loss',
  'erectile dysfunction',
  'adhd',
  'an eating disorder',
  'debt',
  'bad credit',
  'arthritis',
  'insomnia',
  'hiv',
];
const alternation = (words: string[]) => words.map((w) => w.replace(/ /g, '\\s+')).join('|');

const patterns: [PolicyRule, RegExp][] = [
  [
    'personal_attributes',
    new RegExp(
      `\\b(?:are\\s+you|you\\s+are|you're|youre|aren't\\s+you|feeling)\\s+(?:still\\s+|so\\s+|too\\s+|very\\s+|a\\s+)?(?:${alternation(attributes)})\\b`,
      'gi',
    ),
  ],
  [
    'personal_attributes',
    new RegExp(
      `\\b(?:do\\s+you\\s+(?:have|suffer\\s+from|struggle\\s+with)|suffering\\s+from|struggling\\s+with|living\\s+with)\\s+(?:your\\s+)?(?:${alternation(conditions)})\\b`,
      'gi',
    ),
  ],
  ['personal_attributes', new RegExp(`\\byour\\s+(?:${alternation(conditions)})\\b`, 'gi')],
  [
    'unrealistic_promise',
    /\b(?:guaranteed?\s+(?:results?|income|weight\s+loss|returns?|to\s+\w+)|100\s*%\s+guaranteed|get\s+rich(?:\s+quick)?|overnight\s+(?:success|results?)|miracle\w*|cures?\s+\w+|instant\s+results?|risk[-\s]free\s+(?:income|money|returns?)|double\s+your\s+(?:money|income)|lose\s+\d+\s*(?:lbs?|pounds|kg|kilos)\b(?:\s+in\s+\d+\s+\w+)?|make\s+\$?\d[\d,]*\s*(?:\/|per|a)\s*(?:day|week|hour))/gi,
  ],
  ['before_after', /\bbefore\s*(?:and|&|\/|-)\s*after\b/gi],
  ['sensational', /\b(?:you\s+won'?t\s+believe|shocking|doctors\s+hate|this\s+one\s+weird\s+trick)\b/gi],
];

/** Every issue in the text, in reading order, each phrase once. */
export function checkAdPolicy(text: string): PolicyIssue[] {
  const found: (PolicyIssue & { index: number })[] = [];
  const seen = new Set<string>();
  for (const [rule, pattern] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const key = `${rule}:${match[0].toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ rule, phrase: match[0], reason: reasons[rule], index: match.index ?? 0 });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...issue }) => issue);
}
