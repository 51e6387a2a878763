import * as z from 'zod';
import { BRIEF_LANGUAGES, parseBriefAudience } from '@shared/brief-audience';
import { briefGoalKeys, SPECIAL_AD_CATEGORIES } from '@shared/campaign-rules';
import { CampaignBriefSchema, type CampaignBriefInput } from '@shared/schemas/campaign-plan';
import { briefImages, PickedImageSchema, type PickedImage } from './brief-images';
import { BriefVideoSchema, type BriefVideo } from './brief-video';

/** Place names typed with commas between them ("California, Oregon"). */
const names = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

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
    regions: z.string(),
    cities: z.string(),
    appId: z.string(),
    appStoreUrl: z.string(),
    audience: z.string(),
    /** Blank: read from the audience text on the server ("Women 25-45"). */
    ageMin: z.string(),
    ageMax: z.string(),
    /** '' = as the audience text says; 'all' = all genders on purpose. */
    gender: z.enum(['', 'all', 'female', 'male']),
    languages: z.array(z.enum(BRIEF_LANGUAGES)),
    /** The languages the ads are written in (BCP-47), the first their own: prefilled with the business languages. */
    copyLanguages: z.array(z.string()),
    specialAdCategories: z.array(z.enum(SPECIAL_AD_CATEGORIES)),
    adCopy: z.string(),
    images: z.array(PickedImageSchema),
    adFormat: z.enum(['single_image', 'carousel', 'video']),
    /** The video a video brief's ads play (handed over by the graphics editor or made from a saved design here). */
    video: BriefVideoSchema.nullable(),
  })
  .transform((values, ctx) => {
    const images = briefImages(values.images, values.adAccountId);
    if ('error' in images) {
      ctx.addIssue({ code: 'custom', message: images.error, path: ['images'] });
      return z.NEVER;
    }
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
      regions: names(values.regions),
      cities: names(values.cities),
      ...(values.goal === 'app_promotion' && values.appId.trim() ? { appId: values.appId.trim() } : {}),
      ...(values.goal === 'app_promotion' && values.appStoreUrl.trim()
        ? { appStoreUrl: values.appStoreUrl.trim() }
        : {}),
      audience: values.audience,
      ...(values.ageMin.trim() ? { ageMin: Number(values.ageMin) } : {}),
      ...(values.ageMax.trim() ? { ageMax: Number(values.ageMax) } : {}),
      ...(values.gender === 'all' ? { genders: [] } : values.gender ? { genders: [values.gender] } : {}),
      ...(values.languages.length > 0 ? { languages: values.languages } : {}),
      ...(values.copyLanguages.length > 0 ? { copyLanguages: values.copyLanguages } : {}),
      specialAdCategories: values.specialAdCategories,
      ...(values.adCopy.trim() ? { adCopy: values.adCopy } : {}),
      images: images.images,
      adFormat: values.adFormat,
      ...(values.adFormat === 'video' && values.video ? { video: values.video.adVideo } : {}),
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

/**
 * The audience fields a typed audience states ("Women 25-45" → 25, 45, women), for the fields still blank:
 * the form shows what will be carried into the plan, and the marketer can change it.
 */
export function audienceFieldsFromText(
  text: string,
  current: Pick<BriefFormValues, 'ageMin' | 'ageMax' | 'gender' | 'languages'>,
): Partial<Pick<BriefFormValues, 'ageMin' | 'ageMax' | 'gender' | 'languages'>> {
  const stated = parseBriefAudience(text);
  return {
    ...(current.ageMin === '' && stated.ageMin !== undefined && { ageMin: String(stated.ageMin) }),
    ...(current.ageMax === '' && stated.ageMax !== undefined && { ageMax: String(stated.ageMax) }),
    ...(current.gender === '' && stated.genders?.[0] && { gender: stated.genders[0] }),
    ...(current.languages?.length === 0 &&
      stated.languages && { languages: stated.languages.filter(isBriefLanguage).slice(0, 3) }),
  };
}

const isBriefLanguage = (language: string): language is (typeof BRIEF_LANGUAGES)[number] =>
  (BRIEF_LANGUAGES as readonly string[]).includes(language);

export function defaultBrief(
  adAccountId: string,
  today: Date,
  images: PickedImage[] = [],
  video: BriefVideo | null = null,
  carousel = false,
): BriefFormValues {
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    adAccountId,
    product: '',
    goal: 'sales',
    landingUrl: '',
    budgetType: 'daily',
    budgetAmount: '50',
    startDate: day(1),
    // A daily budget runs until paused, as in Ads Manager: an end date prefilled here ended campaigns a month
    // in without anyone choosing it. A total budget asks for one.
    endDate: '',
    countries: 'US',
    regions: '',
    cities: '',
    appId: '',
    appStoreUrl: '',
    audience: '',
    ageMin: '',
    ageMax: '',
    gender: '',
    languages: [],
    copyLanguages: [],
    specialAdCategories: [],
    adCopy: '',
    images,
    adFormat: video ? 'video' : carousel ? 'carousel' : 'single_image',
    video,
  };
}
