import type { ApprovalDetail, ApprovalKind } from '@shared/schemas/approvals';
import { ChangesSummary } from './changes-summary';
import { PlanSummary } from './plan-summary';

export const subjectWords: Record<ApprovalKind, string> = {
  campaign_plan: 'Campaign plan',
  recommendations: 'Recommended changes',
  agent_proposal: 'The assistant’s proposed changes',
};

/** What an approval carries, as it was sent: a plan, or changes before → after. */
export function SubjectSummary({ detail }: { detail: ApprovalDetail }) {
  if (detail.plan) return <PlanSummary plan={detail.plan} />;
  return <ChangesSummary sets={detail.changes ?? []} />;
}
