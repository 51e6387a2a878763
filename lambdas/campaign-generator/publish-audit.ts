import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CampaignPlan, PublishStep } from '@shared/schemas/campaign-plan';
import { OBJECT_LEVELS, type ObjectLevel } from '@shared/schemas/object-change';
import { recordChangeOutcome, recordPendingChange, type AuditedFields } from '../lib/meta-changes/change-audit';

/**
 * The audit trail of a publish. Every object Meta created gets a `create_<kind>` pending row and
 * its `completed` outcome; when a later step failed and the object was deleted again, a
 * `delete_<kind>` pair follows (`completed` when Meta deleted it, `failed` when it is still
 * there). So the audit shows every object that ever existed at Meta, even for a few seconds.
 */
export interface AuditTarget {
  doc: DynamoDBDocumentClient;
  table: string;
  userId: string;
  plan: CampaignPlan;
  now: () => Date;
}

const isLevel = (kind: PublishStep['kind']): kind is ObjectLevel => (OBJECT_LEVELS as readonly string[]).includes(kind);

const NONE: AuditedFields = { status: 'NONE', dailyBudget: null, lifetimeBudget: null };

async function auditPair(
  target: AuditTarget,
  campaignId: string,
  step: PublishStep,
  action: string,
  before: AuditedFields,
  requested: Record<string, unknown>,
  result: { after: AuditedFields } | { error: string },
): Promise<void> {
  const change = {
    userId: target.userId,
    campaignId,
    campaignName: target.plan.campaign.name,
    adAccountId: target.plan.adAccountId,
    // Images and creatives are not levels of the object-change audit; their id is in `requested`.
    ...(isLevel(step.kind) && { level: step.kind, objectId: step.id }),
    action,
    before,
    requested,
  };
  const pending = await recordPendingChange(target.doc, target.table, change, target.now());
  await recordChangeOutcome(
    target.doc,
    target.table,
    pending,
    'after' in result
      ? { outcome: 'completed', campaignName: target.plan.campaign.name, after: result.after, afterSource: 'requested' }
      : { outcome: 'failed', error: result.error },
    target.now(),
  );
}

/** What a created object looked like: the campaign paused, with its budget if it has one; its ad sets and ads active. */
function createdFields(plan: CampaignPlan, kind: PublishStep['kind']): AuditedFields {
  const budget = plan.campaign.budget;
  if (kind === 'adset' || kind === 'ad') return { ...NONE, status: 'ACTIVE' };
  if (kind !== 'campaign' || !budget) return { ...NONE, status: 'PAUSED' };
  return {
    status: 'PAUSED',
    dailyBudget: budget.type === 'daily' ? budget.amountMinor : null,
    lifetimeBudget: budget.type === 'lifetime' ? budget.amountMinor : null,
  };
}

/**
 * Audits the steps of a publish that have an object id: created ones (`status: 'created'` on
 * success) and, after a failure (`rolledBack`), the ones deleted again (`rolled_back`) and those
 * the rollback could not delete (still `created`).
 */
export async function auditPublishSteps(
  target: AuditTarget,
  steps: readonly PublishStep[],
  options: { rolledBack: boolean },
): Promise<void> {
  const campaignId = steps.find((step) => step.kind === 'campaign' && step.id)?.id;
  if (!campaignId) return; // Nothing existed at Meta: the campaign is always the first object.
  for (const step of steps) {
    if (!step.id || step.status === 'failed') continue;
    const requested = { id: step.id, label: step.label };
    const after = createdFields(target.plan, step.kind);
    await auditPair(target, campaignId, step, `create_${step.kind}`, NONE, requested, { after });
    if (!options.rolledBack) continue;
    await auditPair(
      target,
      campaignId,
      step,
      `delete_${step.kind}`,
      after,
      { ...requested, reason: 'rollback' },
      step.status === 'rolled_back'
        ? { after: { ...NONE, status: 'DELETED' } }
        : { error: 'The rollback could not delete it: it is still in the ad account.' },
    );
  }
}
