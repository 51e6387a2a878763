import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { Campaign, CampaignUpdate } from '@shared/schemas/meta';
import { conflict, validationError } from '../lib/errors';
import { GraphError } from '../lib/meta/graph-errors';
import { logger } from '../lib/observability';
import { enqueueEvent } from '../lib/outbox/event-outbox';
import { tableName } from '../lib/table-name';
import { recordChangeOutcome, recordPendingChange, type AuditedFields } from './campaign-audit';
import { lockCampaign, type CampaignLockOptions } from './campaign-lock';
import { toCampaign } from './campaigns';
import { CAMPAIGN_FIELDS, GraphCampaignSchema } from './graph-shapes';
import { ownedCampaign } from './insights-series';
import type { MetaSession } from './meta-session';

export interface UpdateDeps {
  userEmail?: string;
  /** Lock timing (tests shorten the wait). */
  lock?: CampaignLockOptions;
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

const audited = (c: Campaign): AuditedFields => ({
  status: c.status,
  dailyBudget: c.dailyBudget,
  lifetimeBudget: c.lifetimeBudget,
});

/** The campaign as the request left it, for when Meta accepted the change but reading it back failed. */
function asRequested(before: Campaign, update: CampaignUpdate): Campaign {
  return {
    ...before,
    ...(update.status ? { status: update.status, effectiveStatus: update.status } : {}),
    ...(update.dailyBudget ? { dailyBudget: update.dailyBudget } : {}),
    ...(update.lifetimeBudget ? { lifetimeBudget: update.lifetimeBudget } : {}),
  };
}

/** A timeout or dropped connection: Meta may have applied the change without our hearing back. */
function mayHaveApplied(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof GraphError && (cause.kind === 'timeout' || cause.kind === 'network');
}

/** Runs a step whose failure must not turn an accepted change into an error reply. */
async function afterAccepted<T>(what: string, step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    logger.error(`Campaign change accepted by Meta, but ${what} failed`, { error: error as Error });
    return undefined;
  }
}

/**
 * Pauses, resumes or re-budgets one of the user's campaigns at Meta, one change per campaign
 * at a time (a lock item), with an audit row written before Meta is asked and its outcome row
 * after, and the `campaign` event put in the outbox (it reaches the bus even if EventBridge is
 * down right now). Once Meta accepted the change the reply is success: a failed read-back,
 * cache eviction, audit outcome or outbox write is logged, and the reply falls back to the
 * values requested.
 */
export async function updateCampaign(
  session: MetaSession,
  campaignId: string,
  update: CampaignUpdate,
  deps: UpdateDeps = {},
): Promise<Campaign> {
  const doc: DynamoDBDocumentClient = session.deps.doc;
  const lock = await lockCampaign(doc, tableName('campaignLocks'), campaignId, deps.lock);
  try {
    // Read under the lock, straight from Meta: this is the "before" the audit shows.
    const { campaign, account } = await ownedCampaign(session, campaignId, { fresh: true });
    const before = toCampaign(campaign);
    checkBudgetShape(before, update);

    const requested = {
      ...(update.status ? { status: update.status } : {}),
      ...(update.dailyBudget ? { daily_budget: update.dailyBudget } : {}),
      ...(update.lifetimeBudget ? { lifetime_budget: update.lifetimeBudget } : {}),
    };
    const auditTable = tableName('campaignAudit');
    const action = describeAction(update);
    // No audit row, no change: a failure here answers an error before Meta is touched.
    const pending = await recordPendingChange(
      doc,
      auditTable,
      {
        userId: session.user.sub,
        campaignId,
        campaignName: before.name,
        adAccountId: account.id,
        action,
        before: audited(before),
        requested,
      },
      session.deps.now(),
    );

    try {
      await session.graph.post(`/${campaignId}`, requested, z.object({ success: z.boolean() }));
    } catch (error) {
      await afterAccepted('recording the failure', () =>
        recordChangeOutcome(
          doc,
          auditTable,
          pending,
          { outcome: mayHaveApplied(error) ? 'unknown' : 'failed', error: (error as Error).message.slice(0, 500) },
          session.deps.now(),
        ),
      ).catch(() => undefined);
      throw error;
    }

    // Meta accepted the change: from here on nothing may turn the reply into an error.
    await afterAccepted('evicting the cache', () => session.deps.cache.forget(session.user.sub));
    const reread = await afterAccepted('reading the campaign back', async () =>
      toCampaign(await session.graph.get(`/${campaignId}`, { fields: CAMPAIGN_FIELDS.join(',') }, GraphCampaignSchema)),
    );
    const after = reread ?? asRequested(before, update);
    await afterAccepted('writing the audit outcome', () =>
      recordChangeOutcome(
        doc,
        auditTable,
        pending,
        {
          outcome: 'completed',
          campaignName: after.name,
          after: audited(after),
          afterSource: reread ? 'meta' : 'requested',
        },
        session.deps.now(),
      ),
    );
    const budget = after.dailyBudget ?? after.lifetimeBudget;
    await afterAccepted('writing the campaign event to the outbox', () =>
      enqueueEvent(
        doc,
        'campaign',
        {
          action,
          campaignName: after.name,
          campaignId,
          userId: session.user.sub,
          ...(deps.userEmail ? { userEmail: deps.userEmail } : {}),
          ...(budget ? { budget } : {}),
        },
        { now: session.deps.now() },
      ),
    );
    return after;
  } finally {
    await lock
      .release()
      .catch((error: unknown) =>
        logger.warn('Campaign lock not released; it expires on its own', { error: error as Error }),
      );
  }
}
