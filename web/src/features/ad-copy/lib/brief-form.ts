import type { AdCopyAngle, AdCopyLanguage, AdCopyTone, CampaignObjective } from '@shared/ad-copy-rules';
import type { CreativeStart } from '@shared/creative-winners';
import { AdCopyRequestSchema, type AdCopyBrief, type AdCopyRequestInput } from '@shared/schemas/ai';

/** The form as typed: empty strings for "not chosen". */
export interface BriefFormValues {
  product: string;
  audience: string;
  tone: AdCopyTone | '';
  objective: CampaignObjective | '';
  language: AdCopyLanguage;
  landingPageUrl: string;
  variants: number;
}

export const EMPTY_BRIEF: BriefFormValues = {
  product: '',
  audience: '',
  tone: '',
  objective: '',
  language: 'en',
  landingPageUrl: '',
  variants: 3,
};

export type BriefErrors = Partial<Record<keyof BriefFormValues, string>>;

/** Checks the form with the same schema the API uses, so the messages match what the server would say. */
export function validateBrief(
  values: BriefFormValues,
  extra: { angle?: AdCopyAngle; variation?: number; startFrom?: CreativeStart } = {},
): { ok: true; request: AdCopyRequestInput } | { ok: false; errors: BriefErrors } {
  const request: AdCopyRequestInput = {
    product: values.product,
    audience: values.audience,
    language: values.language,
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

export function briefOf(values: BriefFormValues): AdCopyBrief {
  return {
    product: values.product.trim(),
    audience: values.audience.trim(),
    language: values.language,
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
    landingPageUrl: brief.landingPageUrl ?? '',
    variants,
  };
}
