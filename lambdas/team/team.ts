import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { plans } from '@shared/plans';
import type { InviteBody, InvitationCreated, PendingInvitation, Team, TeamMember } from '@shared/schemas/team';
import { webPaths } from '@shared/web-paths';
import { planOfUser } from '../lib/billing/plan-record';
import { AppError, conflict, forbidden, notFound, validationError } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { queryAll } from '../lib/aws/query-all';
import type { QuotaStore } from '../lib/quota/plan-quota';
import { forgetWorkspace, readMembership, type MembershipRecord } from '../lib/team/workspace';
import { isLive, issueToken, secretMatches, splitToken } from './invitation-token';
import { invitePlace, memberPlace, releaseSeats, seatMember, seatsUsed, takeSeat } from './seats';

/**
 * The team of a workspace. The workspace is its owner's (the paying account); the owner invites teammates by
 * email, each invitation and each member holding one of the plan's seats. Members share the owner's plan,
 * quotas, Meta connection and data (httpFunction keys their requests by the workspace); billing, the Meta
 * connection itself and the team stay the owner's. Downgraded below its members, a workspace keeps them all
 * (nobody is removed without the owner choosing to), and no invitation is sent until it is under the limit.
 */
export interface InvitationRecord {
  invitation_id: string;
  workspace_id: string;
  email: string;
  token_hash: string;
  /** Unix seconds. */
  expires_at: number;
  created_at: string;
  owner_email: string;
}

/** A person's verified email, from their pool attributes (access tokens carry none). */
export interface VerifiedEmail {
  email: string;
  verified: boolean;
}

export interface TeamDeps {
  doc: DynamoDBDocumentClient;
  tables: { memberships: string; invitations: string; userPlans: string };
  counters: QuotaStore;
  siteUrl: string;
  emailOf(user: RequestUser): Promise<VerifiedEmail | undefined>;
  /** Sends the invitation; null when this stage sends no email (the owner shares the link). */
  sendInvitation:
    ((to: string, invitation: { link: string; ownerEmail: string; planName: string }) => Promise<void>) | null;
  now?: () => Date;
  log?: (message: string, detail: Record<string, unknown>) => void;
}

const nowOf = (deps: TeamDeps) => deps.now?.() ?? new Date();

async function verifiedEmailOf(user: RequestUser, deps: TeamDeps): Promise<string> {
  const found = await deps.emailOf(user);
  if (!found?.verified) throw forbidden('Confirm your email address first: teams are joined by verified address.');
  return found.email.toLowerCase();
}

function toPending(record: InvitationRecord): PendingInvitation {
  return {
    id: record.invitation_id,
    email: record.email,
    createdAt: record.created_at,
    expiresAt: new Date(record.expires_at * 1000).toISOString(),
  };
}

async function membersOf(workspaceId: string, deps: TeamDeps): Promise<MembershipRecord[]> {
  const items = await queryAll(deps.doc, {
    TableName: deps.tables.memberships,
    IndexName: 'by_workspace',
    KeyConditionExpression: 'workspace_id = :w',
    ExpressionAttributeValues: { ':w': workspaceId },
  });
  return items as unknown as MembershipRecord[];
}

/**
 * The workspace's invitations still pending. Expired ones are deleted here and give their seats back, so an
 * invitation nobody answered never keeps a seat (TTL deletes items days late and frees nothing).
 */
async function pendingInvitations(workspaceId: string, deps: TeamDeps): Promise<InvitationRecord[]> {
  const items = (await queryAll(deps.doc, {
    TableName: deps.tables.invitations,
    IndexName: 'by_workspace',
    KeyConditionExpression: 'workspace_id = :w',
    ExpressionAttributeValues: { ':w': workspaceId },
  })) as unknown as InvitationRecord[];
  const now = nowOf(deps);
  const expired = items.filter((i) => !isLive(i.expires_at, now));
  for (const invitation of expired) {
    try {
      await deps.doc.send(
        new DeleteCommand({
          TableName: deps.tables.invitations,
          Key: { invitation_id: invitation.invitation_id },
          ConditionExpression: 'expires_at <= :now',
          ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  await releaseSeats(
    deps.counters,
    workspaceId,
    expired.map((i) => invitePlace(i.invitation_id)),
  );
  return items.filter((i) => isLive(i.expires_at, now)).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

async function teamView(
  workspaceId: string,
  role: 'owner' | 'member',
  ownerEmail: string,
  deps: TeamDeps,
): Promise<Team> {
  const [plan, members, invitations] = await Promise.all([
    planOfUser(deps.doc, deps.tables.userPlans, workspaceId, nowOf(deps)),
    membersOf(workspaceId, deps),
    role === 'owner' ? pendingInvitations(workspaceId, deps) : Promise.resolve([]),
  ]);
  const owner: TeamMember = { userId: workspaceId, email: ownerEmail, role: 'owner', joinedAt: null };
  return {
    role,
    plan,
    ownerEmail,
    members: [
      owner,
      ...members
        .sort((a, b) => a.joined_at.localeCompare(b.joined_at))
        .map((m): TeamMember => ({ userId: m.user_id, email: m.email, role: 'member', joinedAt: m.joined_at })),
    ],
    invitations: invitations.map(toPending),
    seats: { used: await seatsUsed(deps.counters, workspaceId), limit: plans[plan].limits.seats },
  };
}

/** The team of the workspace the signed-in user works in. */
export async function readTeam(user: RequestUser, deps: TeamDeps): Promise<Team> {
  const membership = await readMembership(deps.doc, deps.tables.memberships, user.sub);
  if (membership) return teamView(membership.workspace_id, 'member', membership.owner_email, deps);
  return teamView(user.sub, 'owner', (await deps.emailOf(user))?.email.toLowerCase() ?? '', deps);
}

async function assertOwner(user: RequestUser, deps: TeamDeps): Promise<void> {
  if (await readMembership(deps.doc, deps.tables.memberships, user.sub)) {
    throw new AppError('OWNER_ONLY', 'Only the workspace owner can manage the team.');
  }
}

/** Invites `email` into the owner's workspace: a seat, a hashed single-use token, an email with the link. */
export async function invite(user: RequestUser, body: InviteBody, deps: TeamDeps): Promise<InvitationCreated> {
  await assertOwner(user, deps);
  const ownerEmail = await verifiedEmailOf(user, deps);
  if (body.email === ownerEmail) throw validationError('That is your own address: you are already in your workspace.');
  const [members, pending] = await Promise.all([membersOf(user.sub, deps), pendingInvitations(user.sub, deps)]);
  if (members.some((m) => m.email === body.email)) throw conflict(`${body.email} is already in your team.`);
  if (pending.some((i) => i.email === body.email)) {
    throw conflict(`${body.email} already has a pending invitation. Revoke it to send a new link.`);
  }
  const now = nowOf(deps);
  const plan = await planOfUser(deps.doc, deps.tables.userPlans, user.sub, now);
  const issued = issueToken(now);
  await takeSeat(deps.counters, user.sub, plan, invitePlace(issued.id));
  const record: InvitationRecord = {
    invitation_id: issued.id,
    workspace_id: user.sub,
    email: body.email,
    token_hash: issued.hash,
    expires_at: issued.expiresAt,
    created_at: now.toISOString(),
    owner_email: ownerEmail,
  };
  try {
    await deps.doc.send(
      new PutCommand({
        TableName: deps.tables.invitations,
        Item: record,
        ConditionExpression: 'attribute_not_exists(invitation_id)',
      }),
    );
  } catch (error) {
    await releaseSeats(deps.counters, user.sub, [invitePlace(issued.id)]);
    throw error;
  }
  const link = `${deps.siteUrl}${webPaths.teamJoin}?token=${encodeURIComponent(issued.token)}`;
  let emailed = false;
  if (deps.sendInvitation) {
    try {
      await deps.sendInvitation(body.email, { link, ownerEmail, planName: plans[plan].name });
      emailed = true;
    } catch (error) {
      // The invitation stands: the owner sees the link and can pass it on themselves.
      deps.log?.('invitation email not sent', { error: (error as Error).name });
    }
  }
  return { invitation: toPending(record), link, emailed, team: await teamView(user.sub, 'owner', ownerEmail, deps) };
}

/** The owner takes an invitation back: its link stops working and its seat is free. */
export async function revokeInvitation(user: RequestUser, id: string, deps: TeamDeps): Promise<Team> {
  await assertOwner(user, deps);
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.invitations,
        Key: { invitation_id: id },
        ConditionExpression: 'workspace_id = :w',
        ExpressionAttributeValues: { ':w': user.sub },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw notFound('No such invitation in your team.');
    throw error;
  }
  await releaseSeats(deps.counters, user.sub, [invitePlace(id)]);
  return readTeam(user, deps);
}

/** The owner removes a member: from their next request on, they work in their own workspace again. */
export async function removeMember(user: RequestUser, memberId: string, deps: TeamDeps): Promise<Team> {
  await assertOwner(user, deps);
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.memberships,
        Key: { user_id: memberId },
        ConditionExpression: 'workspace_id = :w',
        ExpressionAttributeValues: { ':w': user.sub },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw notFound('No such member in your team.');
    throw error;
  }
  await releaseSeats(deps.counters, user.sub, [memberPlace(memberId)]);
  forgetWorkspace(memberId);
  return readTeam(user, deps);
}

/** A member leaves the workspace and is back in their own. */
export async function leaveTeam(user: RequestUser, deps: TeamDeps): Promise<Team> {
  const membership = await readMembership(deps.doc, deps.tables.memberships, user.sub);
  if (!membership) throw conflict('You are not in anyone’s team: this is your own workspace.');
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.memberships,
        Key: { user_id: user.sub },
        ConditionExpression: 'workspace_id = :w',
        ExpressionAttributeValues: { ':w': membership.workspace_id },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  await releaseSeats(deps.counters, membership.workspace_id, [memberPlace(user.sub)]);
  forgetWorkspace(user.sub);
  return readTeam(user, deps);
}

const invalid = () => new AppError('INVITATION_INVALID');

/** `a***@example.com`: enough to recognise one's own address, not to harvest someone else's. */
function masked(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Joins the workspace an invitation names. Only the invited address may accept (the signed-in user's verified
 * email); the token works once (the row is deleted conditionally before the membership is written) and not
 * after it expires or is revoked.
 */
export async function acceptInvitation(user: RequestUser, token: string, deps: TeamDeps): Promise<Team> {
  const { id, secret } = splitToken(token);
  const now = nowOf(deps);
  const found = await deps.doc.send(
    new GetCommand({ TableName: deps.tables.invitations, Key: { invitation_id: id }, ConsistentRead: true }),
  );
  const invitation = found.Item as InvitationRecord | undefined;
  if (!invitation || !isLive(invitation.expires_at, now) || !secretMatches(secret, invitation.token_hash)) {
    throw invalid();
  }
  const email = await verifiedEmailOf(user, deps);
  if (email !== invitation.email) {
    throw forbidden(
      `This invitation was sent to ${masked(invitation.email)}, and you are signed in as ${email}. ` +
        'Sign in (or sign up) with the invited address to accept it.',
    );
  }
  if (invitation.workspace_id === user.sub) throw conflict('This invitation is to your own workspace.');
  if (await readMembership(deps.doc, deps.tables.memberships, user.sub)) {
    throw conflict('You already work in another team’s workspace. Leave it first (Team, in your account menu).');
  }
  const [ownMembers, ownInvitations] = await Promise.all([
    membersOf(user.sub, deps),
    pendingInvitations(user.sub, deps),
  ]);
  if (ownMembers.length > 0 || ownInvitations.length > 0) {
    throw conflict('Your own workspace has teammates or pending invitations. Remove them before joining another.');
  }
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.invitations,
        Key: { invitation_id: id },
        ConditionExpression: 'token_hash = :h AND expires_at > :now',
        ExpressionAttributeValues: { ':h': invitation.token_hash, ':now': Math.floor(now.getTime() / 1000) },
      }),
    );
  } catch (error) {
    // Accepted (or revoked) a moment ago by another request: a token works once.
    if (error instanceof ConditionalCheckFailedException) throw invalid();
    throw error;
  }
  const membership: MembershipRecord = {
    user_id: user.sub,
    workspace_id: invitation.workspace_id,
    role: 'member',
    email,
    owner_email: invitation.owner_email,
    joined_at: now.toISOString(),
  };
  try {
    await deps.doc.send(
      new PutCommand({
        TableName: deps.tables.memberships,
        Item: membership,
        ConditionExpression: 'attribute_not_exists(user_id)',
      }),
    );
  } catch (error) {
    // Joined elsewhere in the same instant: put the invitation back so it is not lost.
    await deps.doc.send(new PutCommand({ TableName: deps.tables.invitations, Item: invitation }));
    if (error instanceof ConditionalCheckFailedException)
      throw conflict('You already work in another team’s workspace.');
    throw error;
  }
  await seatMember(deps.counters, invitation.workspace_id, id, user.sub);
  forgetWorkspace(user.sub);
  return teamView(invitation.workspace_id, 'member', invitation.owner_email, deps);
}
