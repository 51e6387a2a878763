import * as z from 'zod';
import type { ObjectLevel, ObjectState } from '@shared/schemas/object-change';
import { GraphCampaignSchema } from '../meta-session/graph-shapes';

/**
 * The parts of a campaign, ad set or ad a change reads before and after it, checked at the
 * boundary. Meta sends budgets as strings; a budget of "0" means "budgeted elsewhere".
 */
const numeric = z.union([z.string(), z.number()]).transform((v) => Number(v));
const idOf = z.union([z.string(), z.number()]).transform(String);

export const GraphAdSetChangeSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  status: z.string(),
  effective_status: z.string(),
  daily_budget: numeric.optional(),
  lifetime_budget: numeric.optional(),
  /** Read whole: an exclusion is written by sending the spec back with it (Meta replaces targeting whole). */
  targeting: z.looseObject({ excluded_custom_audiences: z.array(z.looseObject({ id: idOf })).optional() }).optional(),
});

export const GraphAdChangeSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  campaign_id: z.string(),
  adset_id: z.string(),
  name: z.string(),
  status: z.string(),
  effective_status: z.string(),
  creative: z.object({ id: z.string() }),
});

export const changeShapes = {
  campaign: GraphCampaignSchema,
  adset: GraphAdSetChangeSchema,
  ad: GraphAdChangeSchema,
} as const;

/** The fields asked of Meta per level: exactly the ones the schema reads, so the two cannot drift. */
export function changeFields(level: ObjectLevel): string {
  return Object.keys(changeShapes[level].shape).join(',');
}

export type ChangedObject =
  z.infer<typeof GraphCampaignSchema> | z.infer<typeof GraphAdSetChangeSchema> | z.infer<typeof GraphAdChangeSchema>;

const positiveOrNull = (value: number | undefined) => (value && value > 0 ? value : null);

/** The custom audiences an ad set excludes, sorted; none for a campaign, an ad, or an ad set that excludes none. */
export function excludedAudienceIdsOf(object: ChangedObject): string[] {
  const targeting = 'targeting' in object ? object.targeting : undefined;
  return (targeting?.excluded_custom_audiences ?? []).map((audience) => audience.id).sort();
}

/** What the audit shows of an object: status, budgets, name, an ad's creative, an ad set's exclusions. */
export function stateOf(object: ChangedObject): ObjectState {
  const excluded = excludedAudienceIdsOf(object);
  // Ads have no budget fields: they read as null, like a budget kept elsewhere.
  const { daily_budget, lifetime_budget } = object as { daily_budget?: number; lifetime_budget?: number };
  return {
    status: object.status,
    dailyBudget: positiveOrNull(daily_budget),
    lifetimeBudget: positiveOrNull(lifetime_budget),
    name: object.name,
    ...('creative' in object ? { creativeId: object.creative.id } : {}),
    ...(excluded.length > 0 ? { excludedAudienceIds: excluded } : {}),
  };
}

/** The campaign an object belongs to (itself for a campaign). */
export function campaignIdOf(level: ObjectLevel, object: ChangedObject): string {
  return level === 'campaign' ? object.id : (object as { campaign_id: string }).campaign_id;
}
