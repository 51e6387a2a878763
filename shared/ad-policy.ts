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

/**
 * The same rules in Spanish, French and German. Meta publishes its Advertising Standards in these languages but no
 * word lists; these are Adsmith's own translations of the English lists above (the attributes, conditions and
 * promise wordings), written for common ad phrasing and extended with each language's usual forms (gendered
 * adjectives, formal and informal "you"). Like the English list, they flag wording for a person to look at.
 */
const lettersAround = (source: string) => new RegExp(`(?<!\\p{L})(?:${source})(?!\\p{L})`, 'giu');

const localPatterns: Record<'es' | 'fr' | 'de', [PolicyRule, RegExp][]> = {
  es: [
    [
      'personal_attributes',
      lettersAround(
        '(?:eres|estás|estas|te\\s+sientes)\\s+(?:todavía\\s+|muy\\s+|tan\\s+|demasiado\\s+)?(?:obes[oa]|gord[oa]|con\\s+sobrepeso|deprimid[oa]|ansios[oa]|diabétic[oa]|calv[oa]|embarazada|solter[oa]|endeudad[oa]|pobre|divorciad[oa]|gay|lesbiana|cristian[oa]|musulman[a]?|musulmán|judí[oa]|viej[oa]|mayor|enferm[oa]|sol[oa])',
      ),
    ],
    [
      'personal_attributes',
      lettersAround(
        '(?:sufres|padeces|tienes|luchas\\s+contra|vives\\s+con)\\s+(?:de\\s+)?(?:la\\s+|el\\s+)?(?:diabetes|depresión|ansiedad|cáncer|acné|calvicie|deudas|artritis|insomnio|disfunción\\s+eréctil)',
      ),
    ],
    [
      'personal_attributes',
      lettersAround('(?:tu|tus)\\s+(?:diabetes|depresión|ansiedad|cáncer|acné|calvicie|deudas?|artritis|insomnio)'),
    ],
    [
      'unrealistic_promise',
      lettersAround(
        'resultados\\s+garantizados|ingresos\\s+garantizados|garantizad[oa]\\s+al\\s+100\\s*%|hazte\\s+rico|hacerte\\s+rico|milagros[oa]s?|resultados\\s+inmediatos|de\\s+la\\s+noche\\s+a\\s+la\\s+mañana|cura\\s+(?:la|el|tu)\\s+\\p{L}+|pierde\\s+\\d+\\s*(?:kg|kilos|libras)|duplica\\s+tu\\s+dinero|gana\\s+\\d[\\d.,]*\\s*(?:€|\\$|euros|dólares)\\s*(?:al|por|cada)\\s*(?:día|semana|hora)',
      ),
    ],
    ['before_after', lettersAround('antes\\s*(?:y|/|-)\\s*después')],
    [
      'sensational',
      lettersAround(
        'no\\s+(?:lo\\s+)?vas\\s+a\\s+creer|no\\s+creerás|impactante|los\\s+médicos\\s+odian|este\\s+truco',
      ),
    ],
  ],
  fr: [
    [
      'personal_attributes',
      lettersAround(
        '(?:êtes-vous|vous\\s+êtes|es-tu|tu\\s+es)\\s+(?:encore\\s+|trop\\s+|très\\s+)?(?:obèse|gros|grosse|en\\s+surpoids|déprimée?|anxieux|anxieuse|diabétique|chauve|enceinte|célibataire|endettée?|pauvre|divorcée?|gay|lesbienne|chrétienne?|musulmane?|juive?|vieux|vieille|âgée?|malade|seule?)',
      ),
    ],
    [
      'personal_attributes',
      lettersAround(
        "(?:souffrez-vous|vous\\s+souffrez|tu\\s+souffres|vivez-vous\\s+avec|vous\\s+vivez\\s+avec)\\s+(?:de\\s+|d['’]|du\\s+|des\\s+)?(?:la\\s+|l['’])?(?:diabète|dépression|anxiété|cancer|acné|calvitie|dettes|arthrite|insomnie)",
      ),
    ],
    [
      'personal_attributes',
      lettersAround(
        '(?:votre|vos|ton|ta|tes)\\s+(?:diabète|dépression|anxiété|cancer|acné|calvitie|dettes|arthrite|insomnie)',
      ),
    ],
    [
      'unrealistic_promise',
      lettersAround(
        'résultats?\\s+garantis?|revenus?\\s+garantis?|garanti\\s+à\\s+100\\s*%|devenez\\s+riche|devenir\\s+riche|miracles?|miraculeu(?:x|se)|résultats?\\s+immédiats?|du\\s+jour\\s+au\\s+lendemain|guérit\\s+(?:la|le|les|votre)\\s+\\p{L}+|perdez\\s+\\d+\\s*(?:kg|kilos)|doublez\\s+votre\\s+argent|gagnez\\s+\\d[\\d.,\\s]*(?:€|\\$|euros)\\s*par\\s*(?:jour|semaine|heure)',
      ),
    ],
    ['before_after', lettersAround('avant\\s*(?:et|/|-)\\s*après')],
    [
      'sensational',
      lettersAround(
        "vous\\s+n['’]allez\\s+pas\\s+(?:le\\s+)?croire|choquant|les\\s+médecins\\s+(?:le\\s+)?détestent|ce\\s+truc\\s+(?:simple|étrange)",
      ),
    ],
  ],
  de: [
    [
      'personal_attributes',
      lettersAround(
        '(?:bist\\s+du|sind\\s+sie|du\\s+bist|sie\\s+sind|fühlst\\s+du\\s+dich|fühlen\\s+sie\\s+sich)\\s+(?:noch\\s+|zu\\s+|sehr\\s+|so\\s+)?(?:übergewichtig|dick|fettleibig|depressiv|ängstlich|diabetiker(?:in)?|glatzköpfig|schwanger|single|verschuldet|pleite|arm|geschieden|schwul|lesbisch|christ(?:in)?|muslim(?:in)?|jüdisch|alt|krank|einsam)',
      ),
    ],
    [
      'personal_attributes',
      lettersAround(
        '(?:leidest\\s+du|leiden\\s+sie|lebst\\s+du\\s+mit|leben\\s+sie\\s+mit|kämpfst\\s+du\\s+mit)\\s+(?:an\\s+|unter\\s+)?(?:diabetes|depressionen?|angststörungen?|krebs|akne|haarausfall|schulden|arthritis|schlaflosigkeit|erektionsstörungen)',
      ),
    ],
    [
      'personal_attributes',
      lettersAround(
        '(?:deine?n?|ihre?n?)\\s+(?:diabetes|depressionen?|angststörungen?|krebs|akne|haarausfall|schulden|arthritis|schlaflosigkeit)',
      ),
    ],
    [
      'unrealistic_promise',
      lettersAround(
        'garantierte?n?\\s+(?:ergebnisse?|einkommen|gewinne?|erfolge?)|100\\s*%\\s+garantiert|schnell\\s+reich|reich\\s+werden|wundermittel|wunderheilung|wunderkur|sofortige\\s+ergebnisse|über\\s+nacht\\s+erfolgreich|heilt\\s+\\p{L}+|verlieren\\s+sie\\s+\\d+\\s*(?:kg|kilo)|nimm\\s+\\d+\\s*(?:kg|kilo)\\s+ab|verdoppeln\\s+sie\\s+ihr\\s+geld|verdopple\\s+dein\\s+geld|verdiene\\s+\\d[\\d.,]*\\s*(?:€|\\$|euro)\\s*(?:pro|am|die|jeden)\\s*(?:tag|woche|stunde)',
      ),
    ],
    ['before_after', lettersAround('vorher\\s*(?:und|/|-)\\s*nachher')],
    [
      'sensational',
      lettersAround(
        '(?:du\\s+wirst|sie\\s+werden)\\s+(?:es\\s+)?nicht\\s+glauben|schockierend|ärzte\\s+hassen|dieser\\s+eine\\s+trick',
      ),
    ],
  ],
};

/** The languages with their own word lists; any other language is checked with the English list only. */
export const POLICY_LANGUAGES = ['en', ...Object.keys(localPatterns)] as const;

/**
 * Every issue in the text, in reading order, each phrase once. `language` is a BCP-47 tag ("es", "fr-CA"): its
 * base language's list runs, and the English list always runs too, since ads in any language quote English
 * product names and slogans.
 */
export function checkAdPolicy(text: string, language = 'en'): PolicyIssue[] {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? 'en';
  const local = base in localPatterns ? localPatterns[base as keyof typeof localPatterns] : [];
  const found: (PolicyIssue & { index: number })[] = [];
  const seen = new Set<string>();
  for (const [rule, pattern] of [...local, ...patterns]) {
    for (const match of text.matchAll(pattern)) {
      const key = `${rule}:${match[0].toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ rule, phrase: match[0], reason: reasons[rule], index: match.index ?? 0 });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...issue }) => issue);
}
