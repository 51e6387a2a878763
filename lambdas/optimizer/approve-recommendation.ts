import type { ApproveRecommendationBody, AppliedObjectChange, StoredRecommendation } from '@shared/schemas/optimizer';
import { assertChangesApproved } from '../lib/approvals/change-gate';
import type { ApprovalTable } from '../lib/approvals/approval-store';
import { conflict, validationError } from '../lib/errors';
import {
  applyObjectChange,
  readObject,
  reverseChange,
  type ObjectChangeDeps,
} from '../lib/meta-changes/apply-object-change';
import { stateOf } from '../lib/meta-changes/object-shapes';
import { isStaleBefore, staleBeforeError, staleFields, staleMessage } from '../lib/meta-changes/stale-before';
import { assertWithinUndoWindow, undoUntilFrom } from '../lib/meta-changes/undo-window';
import { logger } from '../lib/observability';
import { requireRecommendation, transition, type RecommendationStore } from '../lib/optimizer/recommendation-store';

export interface ApprovalDeps {
  store: RecommendationStore;
  changes: ObjectChangeDeps;
  userId: string;
  now: () => Date;
  /** The workspace's client approvals: with "require approval" on, a change applies only once approved. */
  approvals?: ApprovalTable;
}

/**
 * Applies the items the signed-in user approved: only objects the recommendation proposed (values
 * may be edited, items deselected), each through the object-change module (lock, audit, event),
 * recording the before values for undo. Nothing reaches Meta without this call.
 */
export async function approveRecommendation(
  deps: ApprovalDeps,
  id: string,
  body: ApproveRecommendationBody,
): Promise<StoredRecommendation> {
  const rec = await requireRecommendation(deps.store, deps.userId, id);
  if (rec.status !== 'proposed') throw conflict(`This recommendation is already ${rec.status}.`);
  for (const item of body.changes) {
    const proposed = rec.changes.find((c) => c.objectId === item.objectId && c.level === item.level);
    if (!proposed) {
      throw validationError(
        `Object ${item.objectId} is not part of this recommendation; only its proposed changes can be approved.`,
      );
    }
  }
  if (new Set(body.changes.map((c) => c.objectId)).size !== body.changes.length) {
    throw validationError('Each object can be approved once.');
  }
  // Before Meta is read: an unapproved change is refused whatever Meta holds.
  const approvalId = deps.approvals
    ? await assertChangesApproved(deps.approvals, deps.userId, rec, body.changes)
    : undefined;
  await refuseStaleBefore(deps, rec, body);

  await transition(deps.store, deps.userId, { ...rec, status: 'applying' }, 'proposed', deps.now());
  const applied: AppliedObjectChange[] = [];
  const failures: Array<{ objectId: string; message: string }> = [];
  const stale: Array<{ objectId: string; message: string }> = [];
  for (const item of body.changes) {
    const proposed = rec.changes.find((c) => c.objectId === item.objectId)!;
    const objectName = proposed.objectName;
    try {
      const result = await applyObjectChange(deps.changes, {
        userId: deps.userId,
        level: item.level,
        objectId: item.objectId,
        change: item.change,
        source: changeSource(rec),
        expectedBefore: { values: proposed.before, currency: rec.currency },
      });
      applied.push({
        level: item.level,
        objectId: item.objectId,
        objectName: result.after.name ?? objectName,
        change: item.change,
        changeId: result.changeId,
        before: result.before,
        after: result.after,
      });
    } catch (error) {
      logger.warn('Optimizer change refused', { error: error as Error, objectId: item.objectId });
      failures.push({ objectId: item.objectId, message: (error as Error).message.slice(0, 300) });
      if (isStaleBefore(error)) stale.push({ objectId: item.objectId, message: error.details?.[item.objectId] ?? '' });
    }
  }

  const now = deps.now();
  if (applied.length === 0) {
    // Nothing changed at Meta: the recommendation can be approved again.
    await transition(deps.store, deps.userId, { ...rec, status: 'proposed', failures }, 'applying', now);
    if (stale.length === failures.length) throw staleBeforeError(stale);
    throw conflict(`Meta refused the change: ${failures.map((f) => f.message).join('; ')}`);
  }
  const done: StoredRecommendation = {
    ...rec,
    status: 'applied',
    appliedAt: now.toISOString(),
    undoUntil: undoUntilFrom(now),
    applied,
    ...(failures.length ? { failures } : {}),
    ...(approvalId ? { approvalId } : {}),
  };
  await transition(deps.store, deps.userId, done, 'applying', now);
  return done;
}

/**
 * Who asked for the change, as the audit row records it: the agent's conversation for a proposal made there
 * (issue 26), the optimizer's recommendation otherwise.
 */
export function changeSource(rec: StoredRecommendation): string {
  return rec.proposedBy ? `agent:${rec.proposedBy.conversationId}:${rec.id}` : `optimizer:${rec.id}`;
}

/**
 * Refuses the approval when any approved item's "before" (the values the drawer showed) is no longer what
 * Meta has, read now: nothing is written for any item, and the 409 names each stale object with both values.
 * Read once more under each object's lock as it is applied, which catches a change made in between.
 */
async function refuseStaleBefore(
  deps: ApprovalDeps,
  rec: StoredRecommendation,
  body: ApproveRecommendationBody,
): Promise<void> {
  const checked = await Promise.all(
    body.changes.map(async (item) => {
      const proposed = rec.changes.find((c) => c.objectId === item.objectId)!;
      const object = await readObject(deps.changes.graph, item.level, item.objectId);
      const fields = staleFields(proposed.before, stateOf(object));
      return fields.length > 0
        ? [
            {
              objectId: item.objectId,
              message: staleMessage({ level: item.level, name: object.name }, fields, rec.currency),
            },
          ]
        : [];
    }),
  );
  const stale = checked.flat();
  if (stale.length > 0) throw staleBeforeError(stale);
}

/** Restores the before values of an applied recommendation, within 24 hours of applying it. */
export async function undoRecommendation(deps: ApprovalDeps, id: string): Promise<StoredRecommendation> {
  const rec = await requireRecommendation(deps.store, deps.userId, id);
  if (rec.status !== 'applied' || !rec.applied)
    throw conflict(`Only an applied recommendation can be undone (this one is ${rec.status}).`);
  assertWithinUndoWindow(rec.undoUntil, deps.now());
  await transition(deps.store, deps.userId, { ...rec, status: 'undoing' }, 'applied', deps.now());
  const failures: Array<{ objectId: string; message: string }> = [];
  // Last applied first, as a stack unwinds.
  for (const item of [...rec.applied].reverse()) {
    const reverse = reverseChange(item.before, item.change);
    if (!reverse) continue;
    try {
      await applyObjectChange(deps.changes, {
        userId: deps.userId,
        level: item.level,
        objectId: item.objectId,
        change: reverse,
        action: 'undo',
        source: `optimizer-undo:${rec.id}`,
      });
    } catch (error) {
      failures.push({ objectId: item.objectId, message: (error as Error).message.slice(0, 300) });
    }
  }
  const now = deps.now();
  if (failures.length === rec.applied.length) {
    await transition(deps.store, deps.userId, { ...rec, status: 'applied' }, 'undoing', now);
    throw conflict(`Meta refused the undo: ${failures.map((f) => f.message).join('; ')}`);
  }
  const undone: StoredRecommendation = {
    ...rec,
    status: 'undone',
    undoneAt: now.toISOString(),
    ...(failures.length ? { failures } : {}),
  };
  await transition(deps.store, deps.userId, undone, 'undoing', now);
  return undone;
}
