import { textOf, type ChatMessage } from './chat-request';
import { phraseLanguageOf, type PhraseLanguage } from './copy-phrases';

/**
 * What the offline model writes about: the brief found in the conversation.
 * It reads the JSON brief our prompts send, or "Product: …" / "Target
 * audience: …" lines (the own-key prompt), or falls back to the last user
 * message itself, so every reply is built from what was asked.
 */
export interface Brief {
  product: string;
  audience: string;
  tone: string;
  objective: string;
  angles: string[];
  /** Which take of the same brief (1, the first, when absent; "take #2: differ from earlier takes" asks for a second). */
  take?: number;
  /** The language the copy is asked in, when the twin has phrases for it (es, fr, de); absent = English. */
  language?: PhraseLanguage;
  /**
   * The account's winning elements the prompt says to start from (`startFrom`): the offline model
   * writes the first ad from the angle and gives every ad the call to action, always, so tests can
   * check the hint is honoured.
   */
  startFrom?: { angle?: string; callToAction?: string };
  /** The last user message, whole. */
  question: string;
}

function jsonIn(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' && value !== 'not specified' ? value.trim() : '');

function line(text: string, labels: string[]): string {
  for (const label of labels) {
    const match = new RegExp(`^\\s*[-*]?\\s*${label}\\s*:\\s*(.+)$`, 'im').exec(text);
    if (match?.[1]) return match[1].trim().replace(/^["“]|["”]$/g, '');
  }
  return '';
}

export function readBrief(messages: ChatMessage[]): Brief {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const question = lastUser ? textOf(lastUser).trim() : '';
  const json = jsonIn(question);
  const product =
    str(json?.product) ||
    line(question, ['product or service', 'product']) ||
    firstWords(question, 6) ||
    'your product';
  const audience =
    str(json?.targetAudience) ||
    str(json?.audience) ||
    line(question, ['target audience', 'audience']) ||
    'people who need it';
  const tone = (str(json?.tone) || line(question, ['tone'])).toLowerCase();
  const objective =
    str(json?.campaignObjective) || str(json?.objective) || line(question, ['objective', 'campaign objective']);
  const angles = Array.isArray(json?.angles)
    ? json.angles.filter((a): a is string => typeof a === 'string').map((a) => a.split(/[\s(]/)[0]!.trim())
    : line(question, ['angle'])
      ? [line(question, ['angle']).split(/[\s(]/)[0]!]
      : [];
  // The ad copy prompt sends `language` ("Spanish"), the campaign plan prompt `copyLanguage`.
  const language = phraseLanguageOf(str(json?.language) || str(json?.copyLanguage) || line(question, ['language']));
  const startFrom = startFromOf(json?.startFrom);
  const take = Number(/take #?(\d+)/i.exec(str(json?.variation) || question)?.[1] ?? 1);
  return {
    product,
    audience,
    tone,
    objective,
    angles,
    take: Number.isInteger(take) && take > 0 ? take : 1,
    ...(language !== undefined && { language }),
    ...(startFrom && { startFrom }),
    question,
  };
}

function firstWords(text: string, count: number): string {
  return text.replace(/\s+/g, ' ').split(' ').slice(0, count).join(' ');
}

/** `{ angle: "urgency (Urgency)", callToAction: "SHOP_NOW" }` → the enum values. */
function startFromOf(value: unknown): Brief['startFrom'] {
  if (!value || typeof value !== 'object') return undefined;
  const { angle, callToAction } = value as Record<string, unknown>;
  const found = {
    ...(typeof angle === 'string' && angle ? { angle: angle.split(/[\s(]/)[0]! } : {}),
    ...(typeof callToAction === 'string' && callToAction ? { callToAction: callToAction.trim() } : {}),
  };
  return found.angle || found.callToAction ? found : undefined;
}
