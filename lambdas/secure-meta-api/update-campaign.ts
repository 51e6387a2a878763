import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import * as z from 'zod';
import type { Campaign, CampaignUpdate } from '@shared/schemas/meta';
import { conflict, validationError } from '../lib/errors';
import { publishEvent } from '../lib/events';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';
import { recordCampaignChange } from './campaign-audit';
import { toCampaign } from './campaigns';
import { ownedCampaign } from './insights-series';
import type { MetaSession } from './meta-session';

export interface UpdateDeps {
  eventBridge: EventBridgeClient;
  eventBusName: string;
  userEmail?: string;
}

function describeAction(update: CampaignUpdate): string {
  if (update.status === 'PAUSED') return 'pause';
  if (update.status === 'ACTIVE') return 'resume';
  return 'budget_change';
}

/** Checks the change fits how the campaign is budgeted, before Meta is asked. */
function checkBudgetShape(before: Campaign, update: CampaignUpdate): void {
  if (!update.dailyBudget && !update.lifetimeBudget) return;
  if (!before.dailyBudget && !before.lifetimeBudget) {
    throw conflict('This campaign is budgeted on its ad sets; change the budget there.');
  }
  if (update.dailyBudget && before.lifetimeBudget) {
    throw validationError('This campaign has a lifetime budget; set lifetimeBudget instead.');
  }
  if (update.lifetimeBudget && before.dailyBudget) {
    throw validationError('This campaign has a daily budget; set dailyBudget instead.');
  }
}

/**
 * Pauses, resumes or re-budgets one of the user's campaigns at Meta, then keeps
 * an audit record and announces a `campaign` event. Reads before and after come
 * from Meta, not from the cache, so the audit shows what really changed.
 */
export async function updateCampaign(
  session: MetaSession,
  campaignId: string,
  update: CampaignUpdate,
  deps: UpdateDeps,
): Promise<Campaign> {
  const { campaign, account } = await ownedCampaign(session, campaignId, { fresh: true });
  const before = toCampaign(campaign);
  checkBudgetShape(before, update);

  await session.graph.post(
    `/${campaignId}`,
    {
      ...(update.status ? { status: update.status } : {}),
      ...(update.dailyBudget ? { daily_budget: update.dailyBudget } : {}),
      ...(update.lifetimeBudget ? { lifetime_budget: update.lifetimeBudget } : {}),
    },
    z.object({ success: z.boolean() }),
  );
  await session.deps.cache.forget(session.user.sub);
  const after = toCampaign((await ownedCampaign(session, campaignId, { fresh: true })).campaign);

  const action = describeAction(update);
  await recordCampaignChange(
    session.deps.doc,
    tableName('campaignAudit'),
    {
      userId: session.user.sub,
      campaignId,
      campaignName: after.name,
      adAccountId: account.id,
      action,
      before: { status: before.status, dailyBudget: before.dailyBudget, lifetimeBudget: before.lifetimeBudget },
      after: { status: after.status, dailyBudget: after.dailyBudget, lifetimeBudget: after.lifetimeBudget },
    },
    session.deps.now(),
  );
  try {
    await publishEvent(deps.eventBridge, deps.eventBusName, 'campaign', {
      action,
      campaignName: after.name,
      campaignId,
      userId: session.user.sub,
      ...(deps.userEmail ? { userEmail: deps.userEmail } : {}),
      ...((after.dailyBudget ?? after.lifetimeBudget) ? { budget: (after.dailyBudget ?? after.lifetimeBudget)! } : {}),
    });
  } catch (error) {
    // The change happened at Meta and is audited; a lost notification must not report failure.
    logger.error('Campaign event not published', { error: error as Error });
  }
  return after;
}
