import type { Campaign, CampaignUpdate } from '@shared/schemas/meta';
import { applyObjectChange } from '../lib/meta-changes/apply-object-change';
import type { ObjectLockOptions } from '../lib/meta-changes/object-lock';
import { toCampaign } from '../lib/meta-session/campaigns';
import { GraphCampaignSchema } from '../lib/meta-session/graph-shapes';
import type { MetaSession } from '../lib/meta-session/session';
import { objectChangeDeps } from '../lib/meta-session/object-change-deps';

export interface UpdateDeps {
  userEmail?: string;
  /** Lock timing (tests shorten the wait). */
  lock?: ObjectLockOptions;
}

/**
 * Pauses, resumes or re-budgets one of the user's campaigns at Meta through the object-change
 * module (lock, pending → outcome audit rows, `campaign` event through the outbox). Once Meta
 * accepted the change the reply is success, falling back to the values requested when the
 * read-back failed.
 */
export async function updateCampaign(
  session: MetaSession,
  campaignId: string,
  update: CampaignUpdate,
  deps: UpdateDeps = {},
): Promise<Campaign> {
  const applied = await applyObjectChange(
    objectChangeDeps(session, deps, 'That campaign is not part of your Meta connection.'),
    { userId: session.user.sub, level: 'campaign', objectId: campaignId, change: update },
  );
  if (applied.afterObject) return toCampaign(GraphCampaignSchema.parse(applied.afterObject));
  const before = toCampaign(GraphCampaignSchema.parse(applied.beforeObject));
  const { after } = applied;
  return {
    ...before,
    ...(update.status ? { status: after.status, effectiveStatus: after.status } : {}),
    dailyBudget: after.dailyBudget,
    lifetimeBudget: after.lifetimeBudget,
  };
}
