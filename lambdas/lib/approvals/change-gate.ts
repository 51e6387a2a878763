import { createHash } from 'node:crypto';
import type { ApprovalChangeSet } from '@shared/schemas/approvals';
import type { ObjectChange } from '@shared/schemas/object-change';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { AppError } from '../errors';
import { CHANGES_PREFIX, canonical, listApprovals, readApprovalSettings, type ApprovalTable } from './approval-store';

/**
 * Approvals of the optimizer's recommendations and the agent's proposals (issue 28, req 3): what the client reads
 * (each object's values before → after) and the check applying makes when the workspace requires approval.
 */

/** A recommendation as the client reads it: its objects' values when it was made, and after the change. */
export function changeSetOf(rec: StoredRecommendation): ApprovalChangeSet {
  return {
    recommendationId: rec.id,
    kind: rec.kind,
    title: rec.title,
    why: rec.why,
    level: rec.level,
    adAccountId: rec.adAccountId,
    currency: rec.currency,
    changes: rec.changes.map((change) => ({
      ...change,
      after: {
        ...change.before,
        ...Object.fromEntries(Object.entries(change.change).filter(([, value]) => value !== undefined)),
      },
    })),
  };
}

/**
 * What an approval vouches for: the recommendation's changes and the values they start from. A later run that
 * proposes another value (or finds other values at Meta) changes it, and it needs a new approval.
 */
export function changeHash(rec: StoredRecommendation): string {
  const vouched = { id: rec.id, kind: rec.kind, level: rec.level, objectId: rec.objectId, changes: rec.changes };
  return createHash('sha256').update(canonical(vouched)).digest('hex');
}

/** Approvals of changes the check reads, newest first: far more than a workspace sends in a recommendation's life. */
const CHECKED_APPROVALS = 200;

type ApprovalStatus = 'none' | 'pending' | 'changes_requested' | 'changed' | 'edited';
const messages: Record<ApprovalStatus, string> = {
  none: 'This workspace applies changes only once its client has approved them. Send them for approval first.',
  pending: 'These changes are waiting for the client’s approval: they apply once the client approves them.',
  changes_requested: 'The client asked for something else. Send a new proposal for approval.',
  changed: 'This recommendation changed after the client approved it. Send it for approval again.',
  edited: 'The client approved these changes as proposed: apply them unedited, or send the edited values for approval.',
};

/**
 * With the workspace's "require approval" on, a recommendation (or an agent proposal) applies only if an approval
 * carrying it was approved for exactly what it proposes now, and only its proposed values (no edits). Otherwise
 * 409 APPROVAL_REQUIRED, its details saying where it stands. Answers the approval's id (for the audit) when one
 * was needed.
 */
export async function assertChangesApproved(
  store: ApprovalTable,
  workspaceId: string,
  rec: StoredRecommendation,
  applying: ReadonlyArray<{ objectId: string; change: ObjectChange }>,
): Promise<string | undefined> {
  const settings = await readApprovalSettings(store, workspaceId);
  if (!settings.requireApproval) return undefined;
  const carrying = (await listApprovals(store, workspaceId, CHANGES_PREFIX, CHECKED_APPROVALS)).filter(
    // A withdrawn approval says nothing either way.
    (row) => row.change_hashes?.[rec.id] !== undefined && row.status !== 'revoked',
  );
  const hash = changeHash(rec);
  const approved = carrying.find((row) => row.status === 'approved' && row.change_hashes?.[rec.id] === hash);
  const status: ApprovalStatus = approved
    ? applying.every((item) =>
        rec.changes.some(
          (proposed) => proposed.objectId === item.objectId && canonical(proposed.change) === canonical(item.change),
        ),
      )
      ? 'none'
      : 'edited'
    : carrying.length === 0
      ? 'none'
      : carrying[0]!.status === 'pending'
        ? 'pending'
        : carrying.some((row) => row.status === 'approved')
          ? 'changed'
          : 'changes_requested';
  if (approved && status === 'none') return approved.approval_id;
  throw new AppError('APPROVAL_REQUIRED', messages[status], { details: { approvalStatus: status } });
}
