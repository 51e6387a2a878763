import type { CampaignPlan } from '@shared/schemas/campaign-plan';
import { AppError } from '../errors';
import { listApprovals, planHash, readApprovalSettings, type ApprovalTable } from './approval-store';

/**
 * The workspace setting "require approval before publishing" (issue 28, req 3): when on, a plan publishes only if
 * one of its approvals was approved for exactly the plan being published (an edit after the approval needs a new
 * one). Otherwise 409 APPROVAL_REQUIRED, its details saying where the plan stands.
 */
export async function assertPlanApproved(
  store: ApprovalTable,
  workspaceId: string,
  draftId: string,
  plan: CampaignPlan,
): Promise<void> {
  const settings = await readApprovalSettings(store, workspaceId);
  if (!settings.requireApproval) return;
  // A withdrawn approval says nothing either way.
  const approvals = (await listApprovals(store, workspaceId, draftId)).filter((row) => row.status !== 'revoked');
  const hash = planHash(plan);
  if (approvals.some((row) => row.status === 'approved' && row.plan_hash === hash)) return;
  const latest = approvals[0];
  const approvalStatus: 'none' | 'pending' | 'changes_requested' | 'changed' = !latest
    ? 'none'
    : latest.status === 'approved' || approvals.some((row) => row.status === 'approved')
      ? 'changed'
      : latest.status === 'pending'
        ? 'pending'
        : 'changes_requested';
  const messages: Record<typeof approvalStatus, string> = {
    none: 'This workspace publishes a plan only once its client has approved it. Send it for approval first.',
    pending: 'This plan is waiting for the client’s approval: it publishes once they approve it.',
    changes_requested: 'The client asked for changes to this plan. Change it and send it for approval again.',
    changed: 'This plan was changed after the client approved it. Send it for approval again.',
  };
  throw new AppError('APPROVAL_REQUIRED', messages[approvalStatus], { details: { approvalStatus } });
}
