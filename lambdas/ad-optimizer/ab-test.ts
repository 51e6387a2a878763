import type { AdTest, ApproveAdTestBody } from '@shared/schemas/ad-optimizer';
import { unpublishableCopyMessage } from '@shared/publishable-text';
import { conflict, validationError } from '../lib/errors';
import { createAdCopy, deleteAdCopy } from '../lib/meta-changes/ad-copy-change';
import type { ObjectChangeDeps } from '../lib/meta-changes/apply-object-change';
import { assertWithinUndoWindow, undoUntilFrom } from '../lib/meta-changes/undo-window';
import { logger } from '../lib/observability';
import { requireTest, STALE_CLAIM_MS, transition, type TestStore } from '../lib/ad-optimizer/test-store';
import { putElementRecordIfAbsent, type ElementStore } from '../lib/creative-report/element-store';

export interface AbTestDeps {
  store: TestStore;
  changes: ObjectChangeDeps;
  userId: string;
  now: () => Date;
  /** Where a one-element test's copy has its elements recorded, so the creative report measures it. */
  elements?: ElementStore;
}

const sameCopy = (a: ApproveAdTestBody, b: AdTest['variants'][number]) =>
  a.headline === b.headline &&
  a.primaryText === b.primaryText &&
  (a.description ?? '') === b.description &&
  a.callToAction === b.callToAction &&
  JSON.stringify(a.cardHeadlines ?? []) === JSON.stringify(b.cardHeadlines ?? []);

/**
 * A one-element test is sent as proposed: edited words would test more than the one element it names (and the
 * copy's recorded elements would be wrong).
 */
function assertOneElement(test: AdTest, copy: ApproveAdTestBody): void {
  const variant = test.variants[0];
  if (test.elementTest && (!variant || !sameCopy(copy, variant))) {
    throw validationError(
      `This test changes only the ${test.elementTest.elementLabel.toLowerCase()}: approve its copy as proposed, or write a rewrite to test new words.`,
    );
  }
}

/** The copy of a one-element test gets the control's elements with the one element changed. */
async function recordCopyElements(deps: AbTestDeps, test: AdTest, copyAdId: string): Promise<void> {
  const element = test.elementTest;
  if (!element || !deps.elements) return;
  await putElementRecordIfAbsent(deps.elements, {
    adAccountId: test.adAccountId,
    adId: copyAdId,
    source: 'adsmith',
    elements: { ...element.controlElements, [element.element]: element.variant },
    recordedAt: deps.now().toISOString(),
  }).catch((error: unknown) =>
    // The copy exists at Meta either way; without its record the report counts it as made elsewhere.
    logger.warn('A/B copy elements not recorded', { error: error as Error, testId: test.id }),
  );
}

/**
 * What reaches Meta passes the shared check: no ad or ad set name, id, pipe or template text. The ad's current
 * copy is the marketer's own: a word it already uses is theirs to keep.
 */
function assertPublishable(test: AdTest, copy: ApproveAdTestBody): void {
  const context = {
    names: [
      { kind: 'ad' as const, name: test.adName },
      ...(test.adsetName ? [{ kind: 'ad set' as const, name: test.adsetName }] : []),
    ],
    allowed: [
      test.original.headline,
      test.original.primaryText,
      test.original.description,
      ...(test.original.cardHeadlines ?? []),
    ],
  };
  const refusal =
    unpublishableCopyMessage(copy, context) ??
    (copy.cardHeadlines ?? [])
      .map((headline) => unpublishableCopyMessage({ headline, primaryText: '' }, context))
      .find(Boolean);
  if (refusal) throw validationError(refusal);
  const cards = test.original.cardHeadlines?.length;
  if (cards !== undefined && copy.cardHeadlines?.length !== cards) {
    throw validationError(`This carousel has ${cards} cards: send cardHeadlines with one headline per card.`);
  }
}

/**
 * Approving a rewrite: the copy the signed-in user chose (possibly edited) becomes an A/B copy of
 * the ad, created PAUSED in the same ad set through the audited change path. Once only: the
 * rewrite is claimed by a conditional update, a retry of a finished approval answers the copy
 * already made, and a retry after an attempt that died finds the copy Meta made by its key.
 */
export async function approveAdTest(deps: AbTestDeps, id: string, body: ApproveAdTestBody): Promise<AdTest> {
  const { test, claimedAt } = await requireTest(deps.store, deps.userId, id);
  if (test.status === 'created') return test;
  assertPublishable(test, body);
  assertOneElement(test, body);
  if (test.status === 'deleting' || test.status === 'deleted') {
    throw conflict('This A/B copy was deleted; write new copy to test again.');
  }
  const now = deps.now();
  if (test.status === 'creating' && claimedAt !== undefined && now.getTime() - claimedAt < STALE_CLAIM_MS) {
    throw conflict('This A/B copy is being created. Refresh in a moment.');
  }
  // A stale claim keeps the copy approved first: a retry finishes that one, it does not switch copy.
  const approvedCopy = test.status === 'creating' && test.approvedCopy ? test.approvedCopy : body;
  const claimed: AdTest = { ...test, status: 'creating', approvedCopy };
  await transition(deps.store, deps.userId, claimed, test.status, now, {
    claim: true,
    ...(test.status === 'creating' && claimedAt !== undefined ? { claimedAt } : {}),
  });
  try {
    const made = await createAdCopy(deps.changes, {
      userId: deps.userId,
      adId: test.adId,
      copy: approvedCopy,
      key: test.id,
      source: test.proposedBy ? `agent:${test.proposedBy.conversationId}:${test.id}` : `ad-optimizer:${test.id}`,
    });
    const approvedAt = deps.now();
    const created: AdTest = {
      ...claimed,
      status: 'created',
      copyAdId: made.copyAdId,
      copyAdName: made.copyAdName,
      copyCreativeId: made.copyCreativeId,
      approvedAt: approvedAt.toISOString(),
      undoUntil: undoUntilFrom(approvedAt),
    };
    await transition(deps.store, deps.userId, created, 'creating', deps.now());
    await recordCopyElements(deps, created, made.copyAdId);
    return created;
  } catch (error) {
    logger.warn('A/B copy not created', { error: error as Error, testId: test.id });
    // Nothing made (or the search by key will find it): the rewrite can be approved again.
    await transition(deps.store, deps.userId, { ...test, status: 'proposed' }, 'creating', deps.now()).catch(
      () => undefined,
    );
    throw error;
  }
}

/**
 * The undo of an approval, within 24 hours of it like the optimizer's: deletes the paused copy (and its
 * creative), audited. Later the copy may be running with results of its own: it is paused or deleted in
 * Ads Manager, by a person who sees them.
 */
export async function undoAdTest(deps: AbTestDeps, id: string): Promise<AdTest> {
  const { test } = await requireTest(deps.store, deps.userId, id);
  if (test.status !== 'created' || !test.copyAdId) {
    throw conflict(`Only a created A/B copy can be deleted (this rewrite is ${test.status}).`);
  }
  // Copies made before the window was recorded count it from their approval.
  const approvedAt = test.approvedAt ? new Date(test.approvedAt) : undefined;
  assertWithinUndoWindow(test.undoUntil ?? (approvedAt ? undoUntilFrom(approvedAt) : undefined), deps.now());
  const deleting: AdTest = { ...test, status: 'deleting' };
  await transition(deps.store, deps.userId, deleting, 'created', deps.now(), { claim: true });
  try {
    await deleteAdCopy(deps.changes, {
      userId: deps.userId,
      copyAdId: test.copyAdId,
      source: `ad-optimizer-undo:${test.id}`,
    });
  } catch (error) {
    await transition(deps.store, deps.userId, test, 'deleting', deps.now()).catch(() => undefined);
    throw error;
  }
  const deleted: AdTest = { ...test, status: 'deleted', deletedAt: deps.now().toISOString() };
  await transition(deps.store, deps.userId, deleted, 'deleting', deps.now());
  return deleted;
}
