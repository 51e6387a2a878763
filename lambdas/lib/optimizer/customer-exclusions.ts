import type { Recommendation } from '@shared/schemas/optimizer';
import * as z from 'zod';
import type { AccountSnapshot } from './account-snapshot';
import { exclusionRecommendations, ACQUISITION_OBJECTIVES } from './audience-exclusion';
import type { MetaSession } from '../meta-session/session';

/** Customer lists Meta has ready to use (delivery_status 200); one page, Meta allows 500 lists an account. */
const ListSchema = z.object({
  id: z.string(),
  name: z.string(),
  subtype: z.string().optional(),
  delivery_status: z.looseObject({ code: z.number() }).optional(),
});

/**
 * The optimizer's exclusion proposals for the account read in `snapshot`: one more Graph call (the account's
 * custom audiences), made only when an active acquisition campaign could use it.
 */
export async function customerExclusions(session: MetaSession, snapshot: AccountSnapshot): Promise<Recommendation[]> {
  const campaigns = snapshot.campaigns.filter(
    (c) => c.status === 'ACTIVE' && ACQUISITION_OBJECTIVES.includes(c.objective),
  );
  if (campaigns.length === 0) return [];
  const page = await session.graph.paginate(
    `${snapshot.adAccountId}/customaudiences`,
    { fields: 'id,name,subtype,delivery_status', limit: 100 },
    ListSchema,
    { maxPages: 1 },
  );
  const lists = page.items.filter((a) => a.subtype === 'CUSTOM' && a.delivery_status?.code === 200);
  return exclusionRecommendations(
    campaigns.map((c) => ({ ...c, specialAdCategories: c.specialAdCategories ?? [] })),
    snapshot.adsets.map((a) => ({ ...a, excluded: a.excluded ?? [] })),
    lists.map(({ id, name }) => ({ id, name })),
  );
}
