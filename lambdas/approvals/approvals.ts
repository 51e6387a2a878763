import { createHash } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { APPROVAL_LINK_VIEWER_BUCKET } from '@shared/constants';
import { approvalLinkPath } from '@shared/web-paths';
import { CampaignPlanSchema, PublishRecordSchema } from '@shared/schemas/campaign-draft';
import {
  APPROVAL_LINK_DAYS,
  APPROVAL_RESEND,
  type ApprovalDetail,
  type ApprovalSettings,
  type DecisionBodySchema,
  type LinkDecisionBodySchema,
  type ResendApprovalBodySchema,
  type SendApprovalBodySchema,
} from '@shared/schemas/approvals';
import { tableKey } from '@shared/table-keys';
import * as z from 'zod';
import type { RequestUser } from '../lib/http/request-user';
import { getRecommendation, type RecommendationStore } from '../lib/optimizer/recommendation-rows';
import { changeHash, changeSetOf } from '../lib/approvals/change-gate';
import {
  CHANGES_PREFIX,
  approvalByToken,
  approvalOf,
  decideApproval,
  getApproval,
  listApprovals,
  newApprovalId,
  newLinkToken,
  planHash,
  putApproval,
  readApprovalSettings,
  recordEmailed,
  revokeApproval,
  rotateLinkToken,
  tokenHash,
  writeApprovalSettings,
  type ApprovalRow,
  type ApprovalTable,
} from '../lib/approvals/approval-store';
import type { ApprovalEmailInput } from '../lib/approvals/approval-email';
import { AppError, conflict, forbidden, notFound, validationError } from '../lib/errors';
import type { BucketRule } from '../lib/rate-limit/user-token-bucket';

/**
 * Client approvals (issue 28, req 3): a campaign plan, a set of recommendations or an agent proposal sent to the
 * workspace's client (in the app) or by a signed link (no account), answered once, audited on its row, announced
 * through the notifications fan-out.
 */
export interface ApprovalDeps {
  approvals: ApprovalTable;
  drafts: { doc: DynamoDBDocumentClient; table: string };
  /** The workspace's recommendations and agent proposals (the optimizer's table, read only). */
  recommendations: RecommendationStore;
  now: () => Date;
  /** Puts an approval's news on the event outbox (Slack through the existing fan-out); never fails the request. */
  announce: (news: { action: string; name: string; workspaceId: string; email?: string }) => Promise<void>;
  /** The public page's rate limit per viewer address (RATE_LIMITED when empty). */
  takeToken?: (key: string, rule: BucketRule) => Promise<unknown>;
  /** The site's origin: an emailed link is `<siteUrl>/approve/<token>`. */
  siteUrl: string;
  /** Emails a link through SES; null where no sender address is configured (an email asked for is then not sent). */
  sendEmail: ((to: string, email: ApprovalEmailInput) => Promise<void>) | null;
  /** The From name when the sender gave none (lambdas/lib/approvals/sender-name.ts): never empty. */
  defaultSenderName: (workspaceId: string, actor: string | undefined) => Promise<string>;
  /** A warning for the logs: never given the token or the link. */
  warn: (message: string, detail: Record<string, unknown>) => void;
}

const DAY_MS = 86_400_000;

/** The bucket of a viewer's address: hashed, so the table holds no addresses. */
export function viewerBucketKey(address: string): string {
  return `approval-link#ip#${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
}
const actorOf = (user: RequestUser) => user.actor ?? user.sub;

/**
 * What a plan sent for approval reads of its stored draft: the plan and whether it is published. The brief, the
 * validator's issues and the rest stay unread (zod drops them), so this function does not build the brief's schemas
 * at init (docs/benchmarks.md, session 26); the generator checked the whole draft when it wrote it.
 */
const DraftForApprovalSchema = z.object({
  id: z.string(),
  plan: CampaignPlanSchema,
  publish: PublishRecordSchema.optional(),
});

async function readDraft(deps: ApprovalDeps, workspaceId: string, draftId: string) {
  const reply = await deps.drafts.doc.send(
    new GetCommand({
      TableName: deps.drafts.table,
      Key: tableKey('campaignDrafts', workspaceId, draftId),
      ConsistentRead: true,
    }),
  );
  if (!reply.Item) throw notFound('That draft does not exist.');
  const { user_id: _user, draft_id: id, ...rest } = reply.Item;
  return DraftForApprovalSchema.parse({ ...rest, id });
}

type SendBody = z.output<typeof SendApprovalBodySchema>;
type Subject = SendBody['subject'];
/** What the row records of its subject: a plan and its hash, or each recommendation as sent and its hash. */
type SubjectFields = Pick<
  ApprovalRow,
  'kind' | 'name' | 'draft_id' | 'plan' | 'plan_hash' | 'changes' | 'change_hashes'
>;

async function planSubject(deps: ApprovalDeps, workspaceId: string, draftId: string): Promise<SubjectFields> {
  const draft = await readDraft(deps, workspaceId, draftId);
  if (draft.publish?.status === 'published' || draft.publish?.status === 'publishing')
    throw conflict('This plan is already published: there is nothing left to approve.');
  return {
    kind: 'campaign_plan',
    draft_id: draft.id,
    name: draft.plan.campaign.name,
    plan: draft.plan,
    plan_hash: planHash(draft.plan),
  };
}

/** Recommendations still open with changes to make: one applied, undone or needing a person has nothing to approve. */
async function changesSubject(
  deps: ApprovalDeps,
  workspaceId: string,
  subject: Exclude<Subject, { kind: 'campaign_plan' }>,
): Promise<SubjectFields> {
  const ids = subject.kind === 'agent_proposal' ? [subject.recommendationId] : subject.recommendationIds;
  const recs = await Promise.all(
    ids.map(async (id) => {
      const rec = await getRecommendation(deps.recommendations, workspaceId, id);
      if (!rec) throw notFound(`Recommendation ${id} does not exist.`);
      if (subject.kind === 'agent_proposal' && rec.kind !== 'agent_proposal')
        throw validationError('This is not a proposal of the agent: send it as a recommendation.', {
          'subject.recommendationId': 'Not an agent proposal.',
        });
      if (rec.status !== 'proposed') throw conflict(`“${rec.title}” is already ${rec.status}: nothing to approve.`);
      if (rec.changes.length === 0)
        throw conflict(`“${rec.title}” changes nothing by itself (it needs a person): nothing to approve.`);
      return rec;
    }),
  );
  const first = recs[0]!;
  return {
    kind: subject.kind,
    name: recs.length === 1 ? first.title : `${recs.length} recommendations: ${first.title}, …`,
    changes: recs.map(changeSetOf),
    change_hashes: Object.fromEntries(recs.map((rec) => [rec.id, changeHash(rec)])),
  };
}

export async function sendForApproval(
  deps: ApprovalDeps,
  user: RequestUser,
  body: SendBody,
): Promise<{ approval: ReturnType<typeof approvalOf>; token?: string; email?: { to: string; sent: boolean } }> {
  const workspaceId = user.sub;
  const subject =
    body.subject.kind === 'campaign_plan'
      ? await planSubject(deps, workspaceId, body.subject.draftId)
      : await changesSubject(deps, workspaceId, body.subject);
  const now = deps.now();
  const token = body.via === 'link' ? newLinkToken() : undefined;
  const days = body.expiresInDays ?? APPROVAL_LINK_DAYS.default;
  const approvalId = newApprovalId(subject.draft_id ?? CHANGES_PREFIX, now);
  const row: ApprovalRow = {
    workspace_id: workspaceId,
    item_key: `approval#${approvalId}`,
    approval_id: approvalId,
    ...subject,
    via: body.via,
    status: 'pending',
    sent_at: now.toISOString(),
    sent_by: actorOf(user),
    ...(user.email ? { sent_by_email: user.email } : {}),
    ...(token
      ? { token_hash: tokenHash(token), expires_at: new Date(now.getTime() + days * DAY_MS).toISOString() }
      : {}),
  };
  await putApproval(deps.approvals, row);
  await deps.announce({
    action: 'approval_requested',
    name: row.name,
    workspaceId,
    ...(user.email ? { email: user.email } : {}),
  });
  if (!token || !body.email) return { approval: approvalOf(row), ...(token ? { token } : {}) };
  const email = { to: body.email.to, senderName: body.email.senderName ?? (await senderNameOf(deps, user)) };
  const sent = await emailLink(deps, row, token, email);
  const emailed = sent ? { ...row, emailed_to: email.to } : row;
  return { approval: approvalOf(emailed), token, email: { to: email.to, sent } };
}

const senderNameOf = (deps: ApprovalDeps, user: RequestUser) => deps.defaultSenderName(user.sub, user.actor);

/**
 * Resends a pending link's email with a fresh link (issue 28 req 3): the token was shown once and only its hash is
 * kept, so the old link cannot be sent again, and one that went to a wrong address must stop working: it is
 * revoked (it answers 410 as a withdrawn link). At most APPROVAL_RESEND.max resends, APPROVAL_RESEND.minMinutes
 * apart (429 with Retry-After); the new link keeps the first one's lifetime from now. Audited on the row (each
 * resend: when, by whom, to whom) and announced. The new token is in the answer too, shown once, in case SES
 * refuses the email.
 */
export async function resendLink(
  deps: ApprovalDeps,
  user: RequestUser,
  id: string,
  body: z.output<typeof ResendApprovalBodySchema>,
): Promise<{ approval: ReturnType<typeof approvalOf>; token: string; email: { to: string; sent: boolean } }> {
  const row = await getApproval(deps.approvals, user.sub, id);
  if (!row) throw notFound('That approval does not exist.');
  if (row.via !== 'link' || !row.token_hash || !row.expires_at)
    throw conflict('Only an approval sent by link is emailed: the client finds this one in Adsmith.');
  if (row.status !== 'pending') throw conflict('This approval has already been answered or withdrawn.');
  const to = body.to ?? row.emailed_to;
  if (!to) throw validationError('This link was not emailed: say where to send it.', { 'body.to': 'Give an address.' });
  if (!deps.sendEmail) throw conflict('Email is not set up here: revoke this link and send a new one to copy.');
  const now = deps.now();
  refuseTooSoon(row, now);
  const token = newLinkToken();
  const lifetime = Date.parse(row.expires_at) - Date.parse(row.sent_at);
  const expiresAt = new Date(now.getTime() + Math.max(lifetime, DAY_MS)).toISOString();
  const rotated = await rotateLinkToken(deps.approvals, user.sub, id, {
    oldHash: row.token_hash,
    newHash: tokenHash(token),
    expiresAt,
    by: actorOf(user),
    to,
    now,
    notAfter: new Date(now.getTime() - APPROVAL_RESEND.minMinutes * 60_000),
    max: APPROVAL_RESEND.max,
  });
  if (!rotated) {
    // Something changed since the read (an answer, a revoke, another resend): say what the row says now.
    const current = await getApproval(deps.approvals, user.sub, id);
    if (current) refuseTooSoon(current, now);
    throw conflict('This approval changed meanwhile (answered, withdrawn or resent): reload it.');
  }
  await deps.announce({
    action: 'approval_resent',
    name: row.name,
    workspaceId: user.sub,
    ...(user.email ? { email: user.email } : {}),
  });
  const resent = (await getApproval(deps.approvals, user.sub, id))!;
  const senderName = body.senderName ?? row.emailed_from ?? (await senderNameOf(deps, user));
  const sent = await emailLink(deps, resent, token, { to, senderName });
  const final = sent ? { ...resent, emailed_to: to } : resent;
  return { approval: approvalOf(final), token, email: { to, sent } };
}

/** Refuses a resend past the allowance (409: waiting does not help) or too soon after the last (429, Retry-After). */
function refuseTooSoon(row: ApprovalRow, now: Date): void {
  if ((row.resend_count ?? 0) >= APPROVAL_RESEND.max)
    throw conflict(
      `This link was already resent ${APPROVAL_RESEND.max} times: withdraw it and send the plan for approval again.`,
    );
  if (!row.last_resent_at) return;
  const wait = Date.parse(row.last_resent_at) + APPROVAL_RESEND.minMinutes * 60_000 - now.getTime();
  if (wait > 0) {
    const error = new AppError(
      'RATE_LIMITED',
      `This link was resent less than ${APPROVAL_RESEND.minMinutes} minutes ago: try again in ${Math.ceil(wait / 60_000)} min.`,
    );
    throw Object.assign(error, { retryAfterSeconds: Math.ceil(wait / 1000) });
  }
}

/**
 * Emails the link to the client. The approval stands either way (the sender still has the link, shown once), so a
 * refusal from SES is reported in the answer, not thrown; only a sent email is recorded on the row.
 */
async function emailLink(
  deps: ApprovalDeps,
  row: ApprovalRow,
  token: string,
  email: { to: string; senderName: string },
): Promise<boolean> {
  if (!deps.sendEmail) {
    deps.warn('Approval link not emailed: no sender address configured', { approvalId: row.approval_id });
    return false;
  }
  try {
    await deps.sendEmail(email.to, {
      kind: row.kind,
      name: row.name,
      count: row.changes?.length ?? 1,
      senderName: email.senderName,
      link: `${deps.siteUrl}${approvalLinkPath(token)}`,
      expiresAt: row.expires_at!,
    });
  } catch (error) {
    // The error of SES names neither the token nor the link; the approval's id is enough to find it.
    deps.warn('Approval link not emailed', { approvalId: row.approval_id, error: String(error) });
    return false;
  }
  await recordEmailed(
    deps.approvals,
    row.workspace_id,
    row.approval_id,
    { to: email.to, from: email.senderName },
    deps.now(),
  );
  return true;
}

export async function approvalList(deps: ApprovalDeps, workspaceId: string, draftId?: string) {
  return { items: (await listApprovals(deps.approvals, workspaceId, draftId)).map(approvalOf) };
}

export async function approvalDetail(deps: ApprovalDeps, workspaceId: string, id: string): Promise<ApprovalDetail> {
  const row = await getApproval(deps.approvals, workspaceId, id);
  if (!row) throw notFound('That approval does not exist.');
  return detailOf(row);
}

/** The approval and what it carries, as sent. */
function detailOf(row: ApprovalRow): ApprovalDetail {
  return {
    approval: approvalOf(row),
    ...(row.plan ? { plan: row.plan } : {}),
    ...(row.changes ? { changes: row.changes } : {}),
  };
}

/** The client's answer in the app: only the workspace's client role answers, and only what was sent to it. */
export async function decideInApp(
  deps: ApprovalDeps,
  user: RequestUser,
  id: string,
  body: z.output<typeof DecisionBodySchema>,
): Promise<ApprovalDetail> {
  // The agency approving its own plan would make the setting meaningless.
  if (user.role !== 'client') throw forbidden('Only the workspace’s client answers an approval.');
  const row = await getApproval(deps.approvals, user.sub, id);
  if (!row || row.via !== 'client') throw notFound('That approval does not exist.');
  const decided = await decideApproval(deps.approvals, user.sub, id, {
    status: body.decision,
    decidedBy: actorOf(user),
    ...(user.email ? { decidedByName: user.email } : {}),
    comment: body.comment,
    now: deps.now(),
  });
  if (!decided) throw conflict('This approval has already been answered.');
  await deps.announce({ action: `approval_${body.decision}`, name: row.name, workspaceId: user.sub });
  return approvalDetail(deps, user.sub, id);
}

/** The owner or an admin withdraws an approval not answered yet: its link answers 410 from then on. */
export async function revoke(deps: ApprovalDeps, user: RequestUser, id: string): Promise<ApprovalDetail> {
  const row = await getApproval(deps.approvals, user.sub, id);
  if (!row) throw notFound('That approval does not exist.');
  if (!(await revokeApproval(deps.approvals, user.sub, id, actorOf(user), deps.now())))
    throw conflict('This approval has already been answered or withdrawn.');
  await deps.announce({ action: 'approval_revoked', name: row.name, workspaceId: user.sub });
  return approvalDetail(deps, user.sub, id);
}

const LINK_GONE = 'This approval link is not valid. Check that it was copied whole, or ask the sender for a new one.';

/** The row a link opens, if the link is live: unknown and expired links are refused alike before anything is shown. */
async function liveLinkRow(deps: ApprovalDeps, token: string, viewerAddress?: string): Promise<ApprovalRow> {
  if (deps.takeToken && viewerAddress)
    await deps.takeToken(viewerBucketKey(viewerAddress), APPROVAL_LINK_VIEWER_BUCKET);
  const row = await approvalByToken(deps.approvals, token);
  // Replaced by a resend: refused as a withdrawn link is, saying a newer one was sent.
  if (row === 'replaced')
    throw new AppError(
      'APPROVAL_LINK_INVALID',
      'The sender withdrew this approval link and sent a new one. Use the newest link you received.',
    );
  if (!row || !row.expires_at) throw new AppError('APPROVAL_LINK_INVALID', LINK_GONE);
  if (row.status === 'revoked')
    throw new AppError('APPROVAL_LINK_INVALID', 'The sender withdrew this approval link. Ask them for a new one.');
  if (new Date(row.expires_at).getTime() <= deps.now().getTime())
    throw new AppError(
      'APPROVAL_LINK_INVALID',
      `This approval link expired on ${row.expires_at.slice(0, 10)}. Ask the sender for a new one.`,
    );
  return row;
}

/** The public page: the approval and the plan or changes as sent, nothing else of the workspace. */
export async function openLink(deps: ApprovalDeps, token: string, viewerAddress?: string): Promise<ApprovalDetail> {
  return detailOf(await liveLinkRow(deps, token, viewerAddress));
}

/** The link's one decision: a second answer (or one after expiry) is refused with 410. */
export async function decideByLink(
  deps: ApprovalDeps,
  token: string,
  body: z.output<typeof LinkDecisionBodySchema>,
  viewerAddress?: string,
): Promise<ApprovalDetail> {
  const row = await liveLinkRow(deps, token, viewerAddress);
  if (row.status !== 'pending')
    throw new AppError('APPROVAL_LINK_INVALID', 'This has already been answered through this link.');
  const decided = await decideApproval(deps.approvals, row.workspace_id, row.approval_id, {
    status: body.decision,
    decidedBy: 'link',
    decidedByName: body.name,
    comment: body.comment,
    now: deps.now(),
    tokenHash: tokenHash(token),
  });
  if (!decided) throw new AppError('APPROVAL_LINK_INVALID', 'This has already been answered through this link.');
  await deps.announce({ action: `approval_${body.decision}`, name: row.name, workspaceId: row.workspace_id });
  return approvalDetail(deps, row.workspace_id, row.approval_id);
}

export function approvalSettings(deps: ApprovalDeps, workspaceId: string): Promise<ApprovalSettings> {
  return readApprovalSettings(deps.approvals, workspaceId);
}

export function saveApprovalSettings(
  deps: ApprovalDeps,
  user: RequestUser,
  settings: ApprovalSettings,
): Promise<ApprovalSettings> {
  return writeApprovalSettings(deps.approvals, user.sub, settings, actorOf(user), deps.now());
}
