import { WeekPlanBodySchema, type WeekPlanBody } from '@shared/schemas/mmm-week-plan';

/** The week-plan form as typed: every number a string until it is checked. */
export interface WeekPlanDraft {
  weeks: string;
  /** Empty: today's weekly spend times the weeks. */
  totalBudget: string;
  seasonSensitivity: '0' | '0.5' | '1';
  /** Per paid channel, its weekly minimum and maximum (empty: 0.5× and 2× of its recent weekly spend). */
  bounds: Record<string, { min: string; max: string }>;
}

/** A field of the form: `weeks`, `totalBudget`, or `<channel>.min` / `<channel>.max`. */
export type WeekPlanErrors = Record<string, string>;

export function emptyWeekPlanDraft(channels: readonly string[]): WeekPlanDraft {
  return {
    weeks: '13',
    totalBudget: '',
    seasonSensitivity: '1',
    bounds: Object.fromEntries(channels.map((c) => [c, { min: '', max: '' }])),
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[\s,]/g, '')));
const optional = (text: string) => (text.trim() === '' ? undefined : numberOf(text));

/** A draft checked by the schema the API applies: the body to send, or one message per field to show beside it. */
export function checkWeekPlan(
  draft: WeekPlanDraft,
): { body: WeekPlanBody; errors?: undefined } | { body?: undefined; errors: WeekPlanErrors } {
  const bounds = Object.entries(draft.bounds)
    .map(([channel, b]) => ({ channel, min: optional(b.min), max: optional(b.max) }))
    .filter((b) => b.min !== undefined || b.max !== undefined)
    .map((b) => ({
      channel: b.channel,
      ...(b.min !== undefined ? { min: b.min } : {}),
      ...(b.max !== undefined ? { max: b.max } : {}),
    }));
  const total = optional(draft.totalBudget);
  const body: WeekPlanBody = {
    weeks: numberOf(draft.weeks),
    ...(total !== undefined ? { totalBudget: total } : {}),
    bounds,
    seasonSensitivity: Number(draft.seasonSensitivity),
  };
  const parsed = WeekPlanBodySchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: WeekPlanErrors = {};
  for (const issue of parsed.error.issues) {
    const [head, index, inner] = issue.path;
    const message = issue.code === 'invalid_type' ? 'Enter a number.' : issue.message;
    const field =
      head === 'bounds' && typeof index === 'number'
        ? `${bounds[index]!.channel}.${inner === 'max' ? 'max' : 'min'}`
        : String(head);
    errors[field] ??= message;
  }
  return { errors };
}
