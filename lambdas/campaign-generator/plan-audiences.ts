import * as z from 'zod';
import { RESTRICTED_TARGETING_CATEGORIES } from '@shared/campaign-rules';
import { ACQUISITION_GOALS } from '@shared/plan-audience-rules';
import type { CampaignBrief, CampaignPlan, PlanAudience } from '@shared/schemas/campaign-plan';
import { MAX_PLAN_AUDIENCES } from '@shared/schemas/campaign-plan';
import { AppError, validationError } from '../lib/errors';
import type { MetaSession } from '../lib/meta-session/session';

/**
 * The custom audiences a plan includes and excludes, as Meta reports them: read from the ad account when the plan is
 * generated (to suggest leaving existing customers out of an acquisition campaign), and read again, each by id,
 * just before publishing, so the validator judges what Meta holds now (a list shrunk, a lookalike's source moved,
 * an audience deleted) rather than what the draft remembered.
 */

const FIELDS = [
  'id',
  'account_id',
  'name',
  'subtype',
  'approximate_count_lower_bound',
  'approximate_count_upper_bound',
  'delivery_status',
  'lookalike_spec',
].join(',');

const StatusSchema = z.object({ code: z.number().int(), description: z.string() });
const GraphAudienceSchema = z.object({
  id: z.string(),
  account_id: z.string().optional(),
  name: z.string(),
  subtype: z.string(),
  approximate_count_lower_bound: z.number().int().optional(),
  approximate_count_upper_bound: z.number().int().optional(),
  delivery_status: StatusSchema.optional(),
  lookalike_spec: z.object({ origin: z.array(z.object({ id: z.string() })).optional() }).optional(),
});
type GraphAudience = z.output<typeof GraphAudienceSchema>;
const AccountOfSchema = z.object({ account_id: z.string().optional() });

const KIND: Record<string, PlanAudience['kind']> = {
  CUSTOM: 'customer-list',
  WEBSITE: 'website',
  ENGAGEMENT: 'engagement',
  LOOKALIKE: 'lookalike',
};

/** Meta reads `account_id` without the `act_` the ad account's node id carries. */
const actId = (accountId: string | undefined, fallback: string) =>
  accountId ? `act_${accountId.replace(/^act_/, '')}` : fallback;

/** The ad account of an audience (a lookalike's source), undefined when the user can't read it. */
async function accountOf(session: MetaSession, audienceId: string): Promise<string | undefined> {
  try {
    const reply = await session.graph.get(audienceId, { fields: 'account_id' }, AccountOfSchema);
    return reply.account_id ? actId(reply.account_id, '') : undefined;
  } catch {
    return undefined;
  }
}

async function toPlanAudience(
  session: MetaSession,
  graph: GraphAudience,
  adAccountId: string,
  known: ReadonlyMap<string, string>,
): Promise<PlanAudience | undefined> {
  const kind = KIND[graph.subtype];
  if (!kind) return undefined;
  const sourceId = graph.lookalike_spec?.origin?.[0]?.id;
  const sourceAccount = sourceId ? (known.get(sourceId) ?? (await accountOf(session, sourceId))) : undefined;
  return {
    id: graph.id,
    name: graph.name.slice(0, 200) || graph.id,
    kind,
    adAccountId: actId(graph.account_id, adAccountId),
    sizeLower: graph.approximate_count_lower_bound ?? 0,
    sizeUpper: graph.approximate_count_upper_bound ?? 0,
    deliveryCode: graph.delivery_status?.code ?? 0,
    ...(graph.delivery_status && { deliveryDescription: graph.delivery_status.description.slice(0, 300) }),
    ...(sourceId && { source: { id: sourceId, ...(sourceAccount && { adAccountId: sourceAccount }) } }),
  };
}

/** The ad account's custom audiences of the kinds Adsmith makes (one page of 100). */
export async function accountAudiences(session: MetaSession, adAccountId: string): Promise<PlanAudience[]> {
  const page = await session.graph.paginate(
    `${adAccountId}/customaudiences`,
    { fields: FIELDS, limit: 100 },
    GraphAudienceSchema,
    { maxPages: 1 },
  );
  const known = new Map(page.items.map((item) => [item.id, actId(item.account_id, adAccountId)]));
  const audiences: PlanAudience[] = [];
  for (const item of page.items) {
    const audience = await toPlanAudience(session, item, adAccountId, known);
    if (audience) audiences.push(audience);
  }
  return audiences;
}

/**
 * The exclusions the generator suggests: in an acquisition campaign (sales, leads, app installs), the account's
 * customer lists Meta reports ready, so the budget goes to people who are not customers yet. None in a housing,
 * employment or financial campaign, where Meta allows no exclusions (shared/plan-audience-rules.ts).
 */
export function suggestedExclusions(brief: CampaignBrief, audiences: readonly PlanAudience[]): PlanAudience[] {
  if (!ACQUISITION_GOALS.includes(brief.goal)) return [];
  if (brief.specialAdCategories.some((category) => RESTRICTED_TARGETING_CATEGORIES.includes(category))) return [];
  return audiences
    .filter((audience) => audience.kind === 'customer-list' && audience.deliveryCode === 200)
    .slice(0, MAX_PLAN_AUDIENCES)
    .map((audience) => ({ ...audience, suggested: true }));
}

/**
 * The plan with every audience read again by id. One Meta no longer has (deleted, or never the user's) is a 400
 * naming where it is used, before anything is created.
 */
export async function refreshPlanAudiences(session: MetaSession, plan: CampaignPlan): Promise<CampaignPlan> {
  const ids = new Set(
    plan.adSets.flatMap((set) =>
      [...(set.targeting.audiences ?? []), ...(set.targeting.excludedAudiences ?? [])].map((audience) => audience.id),
    ),
  );
  if (ids.size === 0) return plan;
  const current = new Map<string, PlanAudience | undefined>();
  for (const id of ids) {
    // Graph's "does not exist, cannot be loaded due to missing permissions" (100/33) is the NOT_FOUND AppError.
    const graph = await session.graph.get(id, { fields: FIELDS }, GraphAudienceSchema).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    });
    current.set(id, graph && (await toPlanAudience(session, graph, plan.adAccountId, new Map())));
  }
  const missing: Record<string, string> = {};
  const refreshed = (list: PlanAudience[] | undefined, at: string) =>
    list?.map((audience, index) => {
      const now = current.get(audience.id);
      if (!now) {
        missing[`${at}.${index}`] = `The audience “${audience.name}” no longer exists on Meta: remove it.`;
        return audience;
      }
      return { ...now, ...(audience.suggested && { suggested: true }) };
    });
  const next: CampaignPlan = {
    ...plan,
    adSets: plan.adSets.map((set, index) => ({
      ...set,
      targeting: {
        ...set.targeting,
        ...(set.targeting.audiences && {
          audiences: refreshed(set.targeting.audiences, `adSets.${index}.targeting.audiences`),
        }),
        ...(set.targeting.excludedAudiences && {
          excludedAudiences: refreshed(set.targeting.excludedAudiences, `adSets.${index}.targeting.excludedAudiences`),
        }),
      },
    })),
  };
  const problems = Object.values(missing);
  if (problems.length > 0) throw validationError(`Fix the plan before publishing: ${problems[0]}`, missing);
  return next;
}
