import * as z from 'zod';
import { briefGoalKeys, SPECIAL_AD_CATEGORIES } from '@shared/campaign-rules';
import { CampaignBriefSchema, type CampaignBriefInput } from '@shared/schemas/campaign-plan';

/** The brief as the form holds it (text inputs), checked by the shared brief schema on the way out. */
export const BriefFormSchema = z
  .object({
    adAccountId: z.string().min(1, 'Choose an ad account.'),
    product: z.string(),
    goal: z.enum(briefGoalKeys),
    landingUrl: z.string(),
    budgetType: z.enum(['daily', 'total']),
    budgetAmount: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    countries: z.string(),
    audience: z.string(),
    specialAdCategories: z.array(z.enum(SPECIAL_AD_CATEGORIES)),
    adCopy: z.string(),
  })
  .transform((values, ctx) => {
    const brief: CampaignBriefInput = {
      adAccountId: values.adAccountId,
      product: values.product,
      goal: values.goal,
      landingUrl: values.landingUrl.trim(),
      budgetType: values.budgetType,
      budgetAmount: values.budgetAmount.trim() === '' ? Number.NaN : Number(values.budgetAmount),
      startDate: values.startDate,
      ...(values.endDate ? { endDate: values.endDate } : {}),
      countries: values.countries
        .split(/[\s,]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
      audience: values.audience,
      specialAdCategories: values.specialAdCategories,
      ...(values.adCopy.trim() ? { adCopy: values.adCopy } : {}),
    };
    const parsed = CampaignBriefSchema.safeParse(brief);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'product');
        ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
export type BriefFormValues = z.input<typeof BriefFormSchema>;

export function defaultBrief(adAccountId: string, today: Date): BriefFormValues {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    adAccountId,
    product: '',
    goal: 'sales',
    landingUrl: '',
    budgetType: 'daily',
    budgetAmount: '50',
    startDate: day(1),
    endDate: day(31),
    countries: 'US',
    audience: '',
    specialAdCategories: [],
    adCopy: '',
  };
}
