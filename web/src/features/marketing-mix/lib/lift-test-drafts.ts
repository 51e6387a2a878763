import { type LIFT_TEST_SOURCES, LiftTestSchema, type LiftTestInput } from '@shared/mmm/lift-test';

/** A lift test as typed into the fit form: every field a string until it is checked. */
export interface LiftTestDraft {
  key: number;
  channel: string;
  source: (typeof LIFT_TEST_SOURCES)[number];
  start: string;
  end: string;
  lift: string;
  /** How the test reported its uncertainty. */
  uncertainty: 'standard-error' | 'interval';
  standardError: string;
  low: string;
  high: string;
  level: '0.8' | '0.9' | '0.95' | '0.99';
}

export const LIFT_TEST_SOURCE_LABELS: Record<(typeof LIFT_TEST_SOURCES)[number], string> = {
  'meta-conversion-lift': 'Meta Conversion Lift',
  'geo-test': 'Geo test',
  'adsmith-ab-test': 'Adsmith A/B test',
  other: 'Other experiment',
};

export type LiftTestField = 'channel' | 'start' | 'end' | 'lift' | 'standardError' | 'low' | 'high';

export function emptyLiftTest(key: number, channel: string, start: string, end: string): LiftTestDraft {
  return {
    key,
    channel,
    source: 'meta-conversion-lift',
    start,
    end,
    lift: '',
    uncertainty: 'standard-error',
    standardError: '',
    low: '',
    high: '',
    level: '0.9',
  };
}

/** A typed number: '' and words are NaN, so the schema names the field instead of taking a 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[\s,]/g, '')));

/**
 * A draft checked by the same schema the API applies: the test to send, or one message per field to show
 * beside it (the interval's issues land on its low and high fields).
 */
export function checkLiftTest(
  draft: LiftTestDraft,
): { test: LiftTestInput; errors?: undefined } | { test?: undefined; errors: Partial<Record<LiftTestField, string>> } {
  const input: LiftTestInput = {
    channel: draft.channel,
    source: draft.source,
    start: draft.start,
    end: draft.end,
    lift: numberOf(draft.lift),
    ...(draft.uncertainty === 'standard-error'
      ? { standardError: numberOf(draft.standardError) }
      : {
          interval: {
            low: numberOf(draft.low),
            high: numberOf(draft.high),
            level: Number(draft.level) as 0.8 | 0.9 | 0.95 | 0.99,
          },
        }),
  };
  const parsed = LiftTestSchema.safeParse(input);
  if (parsed.success) return { test: input };
  const errors: Partial<Record<LiftTestField, string>> = {};
  for (const issue of parsed.error.issues) {
    const [head, inner] = issue.path;
    const field = (head === 'interval' ? (inner === 'low' ? 'low' : 'high') : head) as LiftTestField;
    const message = issue.code === 'invalid_type' ? 'Enter a number.' : issue.message;
    errors[field] ??= message;
  }
  return { errors };
}
