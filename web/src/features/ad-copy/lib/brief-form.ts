import type { AdCopyAngle, AdCopyLanguage, AdCopyTone, CampaignObjective } from '@shared/ad-copy-rules';
import type { CreativeStart } from '@shared/creative-winners';
import { baseLanguage, isCopyLanguage } from '@shared/copy-languages';
import { AdCopyRequestSchema, type AdCopyBrief, type AdCopyRequestInput } from '@shared/schemas/ai';

/** The form as typed: empty strings for "not chosen". */
export interface BriefFormValues {
  product: string;
  audience: string;
  tone: AdCopyTone | '';
  objective: CampaignObjective | '';
  language: AdCopyLanguage;
  /** Further languages the same variants are written in (issue 29 req 3), from the business languages. */
  alsoIn: AdCopyLanguage[];
  landingPageUrl: string;
  variants: number;
}

export const EMPTY_BRIEF: BriefFormValues = {
  product: '',
  audience: '',
  tone: '',
  objective: '',
  language: 'en',
  alsoIn: [],
  landingPageUrl: '',
  variants: 3,
};

/** Every language a brief is written in, its own first, each once. */
export function briefLanguages(values: Pick<BriefFormValues, 'language' | 'alsoIn'>): AdCopyLanguage[] {
  return [values.language, ...values.alsoIn.filter((language) => language !== values.language)];
}

/** The form's languages from the workspace's business languages (base languages the engine writes, primary first). */
export function languagesFromBusiness(tags: readonly string[]): Pick<BriefFormValues, 'language' | 'alsoIn'> {
  const bases = [...new Set(tags.map(baseLanguage))].filter(isCopyLanguage);
  return { language: bases[0] ?? 'en', alsoIn: bases.slice(1) };
}

export type BriefErrors = Partial<Record<keyof BriefFormValues, string>>;

/** Checks the form with the same schema the API uses, so the messages match what the server would say. */
export function validateBrief(
  values: BriefFormValues,
  extra: { angle?: AdCopyAngle; variation?: number; startFrom?: CreativeStart; language?: AdCopyLanguage } = {},
): { ok: true; request: AdCopyRequestInput } | { ok: false; errors: BriefErrors } {
  const request: AdCopyRequestInput = {
    product: values.product,
    audience: values.audience,
    language: extra.language ?? values.language,
    variants: extra.angle ? 1 : values.variants,
    ...(values.tone ? { tone: values.tone } : {}),
    ...(values.objective ? { objective: values.objective } : {}),
    ...(values.landingPageUrl.trim() ? { landingPageUrl: values.landingPageUrl.trim() } : {}),
    ...(extra.angle ? { angle: extra.angle } : {}),
    ...(extra.variation ? { variation: extra.variation } : {}),
    ...(extra.startFrom ? { startFrom: extra.startFrom } : {}),
  };
  const parsed = AdCopyRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: BriefErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof BriefFormValues;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export function briefOf(values: BriefFormValues, language: AdCopyLanguage = values.language): AdCopyBrief {
  return {
    product: values.product.trim(),
    audience: values.audience.trim(),
    language,
    ...(values.tone ? { tone: values.tone } : {}),
    ...(values.objective ? { objective: values.objective } : {}),
    ...(values.landingPageUrl.trim() ? { landingPageUrl: values.landingPageUrl.trim() } : {}),
  };
}

export function formOf(brief: AdCopyBrief, variants: number): BriefFormValues {
  return {
    product: brief.product,
    audience: brief.audience,
    tone: brief.tone ?? '',
    objective: brief.objective ?? '',
    language: brief.language,
    alsoIn: [],
    landingPageUrl: brief.landingPageUrl ?? '',
    variants,
  };
}
