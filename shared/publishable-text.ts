/**
 * The check every AI-written (or AI-prefilled) text passes before it can be published to Meta: it refuses
 * what belongs to the ad account's bookkeeping, not to an ad — the names of campaigns, ad sets and ads, Meta's
 * own words for audiences ("Advantage+ audience", "ad set"), object ids, pipes (our names join their parts with
 * " | ") and template residue ({{name}}, ${x}, [Product Name], undefined). One rewrite wrote "Made for Advantage+
 * audience | reach" from an ad set's name, and one click published it. Pure: the server refuses with it, the
 * editors show it live.
 */

export type ObjectKind = 'campaign' | 'ad set' | 'ad';

export interface InternalTextContext {
  /** Names of the objects around the text; their words must not reach the ad. */
  names?: readonly { kind: ObjectKind; name: string }[];
  /** Texts the marketer wrote (the brief, the ad's current copy): a name they use there is theirs to use. */
  allowed?: readonly string[];
}

export type FindingKind = 'object name' | 'id' | 'pipe' | 'template residue';

export interface InternalTextFinding {
  kind: FindingKind;
  /** The text as found. */
  text: string;
  /** What it is, for a message: "the ad set name", "a Meta id", "a pipe (|)". */
  what: string;
}

/** A name is looked for when it is long enough not to match ordinary words by chance. */
const MIN_NAME_LENGTH = 4;

const META_OBJECT_WORDS: readonly RegExp[] = [
  /\bAdvantage\s?\+(?:\s+(?:audience|placements|campaign))?/i,
  /\bad ?sets?\b/i,
];

const ID_PATTERNS: readonly RegExp[] = [/\bact_\d+\b/g, /\b\d{12,}\b/g];

const TEMPLATE_PATTERNS: readonly RegExp[] = [
  /\{\{[^}]*\}\}?/g,
  /\$\{[^}]*\}?/g,
  /\{[A-Za-z_][\w .-]{0,40}\}/g,
  /\[(?:[A-Z][a-z]*)(?: [A-Za-z]+){0,4}\]/g,
  /<[a-z][a-z _-]{1,40}>/gi,
  /\[object Object\]/g,
  /\b(?:undefined|NaN)\b/g,
  /\bnull\b(?!\s+and\s+void)/g,
];

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

function nameParts(kind: ObjectKind, name: string): string[] {
  const whole = name.replace(/\s+/g, ' ').trim();
  // An ad's name repeats its own headline between pipes ("Hikers | Trail shoes that last | v1"): only whole.
  const parts = whole.includes('|') && kind !== 'ad' ? whole.split('|').map((part) => part.trim()) : [];
  // A name counts when it is a phrase (two words or more): a one-word name ("Hikers", "reach") is ordinary vocabulary.
  return [whole, ...parts].filter((part) => part.includes(' ') && part.length >= MIN_NAME_LENGTH);
}

function objectNameFindings(text: string, context: InternalTextContext): InternalTextFinding[] {
  const haystack = normalise(text);
  const allowed = (context.allowed ?? []).map(normalise);
  const found: InternalTextFinding[] = [];
  for (const { kind, name } of context.names ?? []) {
    for (const part of nameParts(kind, name)) {
      const needle = normalise(part);
      if (!haystack.includes(needle) || allowed.some((own) => own.includes(needle))) continue;
      found.push({ kind: 'object name', text: part, what: `the ${kind} name` });
      break;
    }
  }
  for (const pattern of META_OBJECT_WORDS) {
    const match = pattern.exec(text);
    const already = found.some((f) => normalise(f.text).includes(normalise(match?.[0] ?? '\u0000')));
    if (match && !already && !allowed.some((own) => own.includes(normalise(match[0])))) {
      found.push({ kind: 'object name', text: match[0], what: 'Meta’s name for a targeting setting' });
    }
  }
  return found;
}

function patternFindings(
  text: string,
  patterns: readonly RegExp[],
  kind: FindingKind,
  what: string,
): InternalTextFinding[] {
  return patterns
    .flatMap((pattern) => [...text.matchAll(new RegExp(pattern.source, pattern.flags))])
    .map((m) => ({
      kind,
      text: m[0],
      what,
    }));
}

/** Everything internal found in one text, names first; empty when it can be published. */
export function internalTextFindings(text: string, context: InternalTextContext): InternalTextFinding[] {
  const found = objectNameFindings(text, context);
  const leakedNames = found.map((f) => f.text).join(' ');
  const rest = [
    ...patternFindings(text, ID_PATTERNS, 'id', 'a Meta id'),
    ...(text.includes('|') && !leakedNames.includes('|')
      ? [{ kind: 'pipe' as const, text: '|', what: 'a pipe (|)' }]
      : []),
    ...patternFindings(text, TEMPLATE_PATTERNS, 'template residue', 'template text'),
  ];
  return [...found, ...rest];
}

export interface CopyFields {
  headline: string;
  primaryText: string;
  description?: string;
}

export const COPY_FIELD_LABELS = {
  headline: 'headline',
  primaryText: 'primary text',
  description: 'description',
} as const;

/** The findings of an ad's three texts, each with its field. */
export function publishableCopyFindings(
  copy: CopyFields,
  context: InternalTextContext,
): (InternalTextFinding & { field: keyof typeof COPY_FIELD_LABELS })[] {
  return (['headline', 'primaryText', 'description'] as const).flatMap((field) =>
    internalTextFindings(copy[field] ?? '', context).map((finding) => ({ field, ...finding })),
  );
}

/** One finding in a sentence: `The headline contains the ad set name “Hikers | reach”.` */
export function findingSentence(finding: InternalTextFinding, field?: keyof typeof COPY_FIELD_LABELS): string {
  const where = field ? `The ${COPY_FIELD_LABELS[field]}` : 'The text';
  return finding.kind === 'pipe'
    ? `${where} contains ${finding.what}.`
    : `${where} contains ${finding.what} “${finding.text}”.`;
}

/** Why such text is refused, after the findings. */
export const INTERNAL_TEXT_RULE =
  'Object names, ids, pipes and template text are never published in an ad; edit the copy and try again.';

/** The refusal of copy with findings, in sentences (each finding once), or undefined when it can be published. */
export function unpublishableCopyMessage(copy: CopyFields, context: InternalTextContext): string | undefined {
  const sentences = [
    ...new Set(publishableCopyFindings(copy, context).map((finding) => findingSentence(finding, finding.field))),
  ];
  return sentences.length === 0 ? undefined : `${sentences.join(' ')} ${INTERNAL_TEXT_RULE}`;
}
