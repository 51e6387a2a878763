import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@shared/events';
import { plans } from '@shared/plans';
import type {
  CreateClientWorkspaceBody,
  InviteBody,
  InvitationCreated,
  PendingInvitation,
  Team,
  TeamMember,
  WorkspaceChoice,
  Workspaces,
} from '@shared/schemas/team';
import { managesTeam, type InvitedRole, type WorkspaceRole } from '@shared/workspace-roles';
import { tableKey } from '@shared/table-keys';
import { webPaths } from '@shared/web-paths';
import {
  CLIENT_WORKSPACES_PLAN,
  effectivePlan,
  planOfUser,
  readPlanRecord,
  type PlanRecord,
} from '../lib/billing/plan-record';
import { AppError, conflict, forbidden, notFound, validationError } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { queryAll } from '../lib/aws/query-all';
import type { QuotaStore } from '../lib/quota/plan-quota';
import {
  forgetWorkspace,
  membershipsOf,
  readMembership,
  resolveWorkspace,
  type MembershipRecord,
} from '../lib/team/workspace';
import { newClientWorkspaceId } from './client-workspace-id';
import { payingAgencyOf, recordCreatedClient } from './client-workspaces';
import { isLive, issueToken, secretMatches, splitToken } from './invitation-token';
import { invitePlace, memberPlace, moveSeat, releaseSeats, seatsUsed, takeSeat } from './seats';

/**
 * The team of a workspace. The workspace is its owner's (the paying account); the owner or an admin invites
 * people by email with a role (admin, member, client), each invitation and each member holding one of the plan's
 * seats. They share the owner's plan, quotas, Meta connection and data (httpFunction keys their requests by the
 * workspace their request names and checks their role there); billing and the Meta connection itself stay the
 * owner's. A person keeps their own workspace and may belong to several others (an agency's people to each
 * client's). Downgraded below its members, a workspace keeps them all (nobody is removed without the owner
 * choosing to), and no invitation is sent until it is under the limit.
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
  /** The role the invited person will hold; absent on invitations sent before roles were named (member). */
  role?: InvitedRole;
  /** A client workspace's name, passed on to the membership the accept writes. */
  workspace_name?: string;
  /** The sub of the invited person once their accept has claimed it (the first of accept's writes). */
  accepted_by?: string;
}

/** A person's verified email, from their pool attributes (access tokens carry none). */
export interface VerifiedEmail {
  email: string;
  verified: boolean;
}

export interface TeamDeps {
  doc: DynamoDBDocumentClient;
  /** `audit`: campaign_audit, where attaching and detaching client workspaces is recorded. */
  tables: { memberships: string; invitations: string; userPlans: string; audit: string };
  counters: QuotaStore;
  siteUrl: string;
  emailOf(user: RequestUser): Promise<VerifiedEmail | undefined>;
  /** Sends the invitation; null when this stage sends no email (the owner shares the link). */
  sendInvitation:
    ((to: string, invitation: { link: string; ownerEmail: string; planName: string }) => Promise<void>) | null;
  now?: () => Date;
  log?: (message: string, detail: Record<string, unknown>) => void;
  /** Tells the agency a client workspace's owner took it off its plan (the outbox; never fails the request). */
  announceDetached?: (detail: EventDetail<'clientDetached'>) => Promise<void>;
}

const nowOf = (deps: TeamDeps) => deps.now?.() ?? new Date();

async function verifiedEmailOf(user: RequestUser, deps: TeamDeps): Promise<string> {
  const found = await deps.emailOf(user);
  if (!found?.verified) throw forbidden('Confirm your email address first: teams are joined by verified address.');
  return found.email.toLowerCase();
}

/** The person acting: their own sub also when they work in someone else's workspace (then `sub` is its). */
const personOf = (user: RequestUser) => user.actor ?? user.sub;

function toPending(record: InvitationRecord): PendingInvitation {
  return {
    id: record.invitation_id,
    email: record.email,
    role: record.role ?? 'member',
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
  const finished = new Set<string>();
  for (const invitation of items.filter((i) => i.accepted_by)) {
    if (await finishAccepted(invitation, deps)) finished.add(invitation.invitation_id);
  }
  const open = items.filter((i) => !finished.has(i.invitation_id));
  const expired = open.filter((i) => !isLive(i.expires_at, now));
  for (const invitation of expired) {
    try {
      await deps.doc.send(
        new DeleteCommand({
          TableName: deps.tables.invitations,
          Key: tableKey('teamInvitations', invitation.invitation_id),
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
  return open.filter((i) => isLive(i.expires_at, now)).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

async function teamView(workspaceId: string, role: WorkspaceRole, ownerEmail: string, deps: TeamDeps): Promise<Team> {
  const [plan, members, invitations, record] = await Promise.all([
    planOfUser(deps.doc, deps.tables.userPlans, workspaceId, nowOf(deps)),
    membersOf(workspaceId, deps),
    managesTeam(role) ? pendingInvitations(workspaceId, deps) : Promise.resolve([]),
    readPlanRecord(deps.doc, deps.tables.userPlans, workspaceId),
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
        .map((m): TeamMember => ({ userId: m.user_id, email: m.email, role: m.role, joinedAt: m.joined_at })),
    ],
    invitations: invitations.map(toPending),
    seats: { used: await seatsUsed(deps.counters, workspaceId), limit: plans[plan].limits.seats },
    ...(payingAgencyOf(record) ? { paidByAgency: true } : {}),
  };
}

/** The workspace owner's address: the person's own in their workspace, else as their membership recorded it. */
async function ownerEmailOf(user: RequestUser, deps: TeamDeps): Promise<string> {
  if (!user.actor) return (await deps.emailOf(user))?.email.toLowerCase() ?? '';
  const membership = await readMembership(deps.doc, deps.tables.memberships, user.actor, user.sub);
  return membership?.owner_email ?? '';
}

/** The team of the workspace the request works in (httpFunction resolved it and the caller's role there). */
export async function readTeam(user: RequestUser, deps: TeamDeps): Promise<Team> {
  return teamView(user.sub, user.role ?? 'owner', await ownerEmailOf(user, deps), deps);
}

function assertManagesTeam(user: RequestUser): void {
  if (!managesTeam(user.role ?? 'owner')) {
    throw new AppError('OWNER_ONLY', 'Only the workspace owner or an admin can manage the team.');
  }
}

/**
 * Invites `email` into the workspace with the role the body names: a seat, a hashed single-use token, an email
 * with the link. The owner or an admin may invite.
 */
export async function invite(
  user: RequestUser,
  body: Pick<InviteBody, 'email'> & { role?: InvitedRole },
  deps: TeamDeps,
): Promise<InvitationCreated> {
  assertManagesTeam(user);
  const inviterEmail = await verifiedEmailOf({ ...user, sub: personOf(user) }, deps);
  const inviterMembership = user.actor
    ? await readMembership(deps.doc, deps.tables.memberships, user.actor, user.sub)
    : undefined;
  const ownerEmail = user.actor ? (inviterMembership?.owner_email ?? '') : inviterEmail;
  if (body.email === inviterEmail) {
    throw validationError('That is your own address: you are already in this workspace.');
  }
  if (body.email === ownerEmail) throw validationError('That is the workspace owner’s address.');
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
    role: body.role ?? 'member',
    ...(inviterMembership?.workspace_name ? { workspace_name: inviterMembership.workspace_name } : {}),
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
  return { invitation: toPending(record), link, emailed, team: await readTeam(user, deps) };
}

/** The owner or an admin takes an invitation back: its link stops working and its seat is free. */
export async function revokeInvitation(user: RequestUser, id: string, deps: TeamDeps): Promise<Team> {
  assertManagesTeam(user);
  const found = await deps.doc.send(
    new GetCommand({ TableName: deps.tables.invitations, Key: tableKey('teamInvitations', id), ConsistentRead: true }),
  );
  const claimed = found.Item as InvitationRecord | undefined;
  if (claimed?.workspace_id === user.sub && (await finishAccepted(claimed, deps))) {
    // Their accept had written the membership and then stopped: they are in, so revoking would strand them.
    throw conflict(`${claimed.email} has already joined your team: remove them from the team instead.`);
  }
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.invitations,
        Key: tableKey('teamInvitations', id),
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

/**
 * The owner or an admin removes someone from the workspace: from their next request on, naming it is refused
 * (403 WORKSPACE_FORBIDDEN) and their default is their own workspace or another they belong to.
 */
export async function removeMember(user: RequestUser, memberId: string, deps: TeamDeps): Promise<Team> {
  assertManagesTeam(user);
  if (memberId === personOf(user)) throw conflict('To leave this workspace, use Leave instead.');
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.memberships,
        Key: tableKey('workspaceMemberships', memberId, user.sub),
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

/** A member leaves the workspace the request works in; the answer is the team of their own workspace. */
export async function leaveTeam(user: RequestUser, deps: TeamDeps): Promise<Team> {
  const person = personOf(user);
  if (!user.actor) throw conflict('You are not in anyone’s team: this is your own workspace.');
  await deps.doc.send(
    new DeleteCommand({ TableName: deps.tables.memberships, Key: tableKey('workspaceMemberships', person, user.sub) }),
  );
  await releaseSeats(deps.counters, user.sub, [memberPlace(person)]);
  forgetWorkspace(person);
  const self: RequestUser = { ...user, sub: person, actor: undefined, role: 'owner' };
  return teamView(person, 'owner', (await deps.emailOf(self))?.email.toLowerCase() ?? '', deps);
}

/**
 * The workspaces the person can work in (their own first, then the ones they were invited into) and the one
 * `requested` resolves to: a workspace they no longer belong to falls back to their default here rather than
 * being refused, so the web can correct a remembered choice.
 */
export async function listWorkspaces(
  user: RequestUser,
  requested: string | undefined,
  deps: TeamDeps,
): Promise<Workspaces> {
  const memberships = await membershipsOf(deps.doc, deps.tables.memberships, user.sub);
  const own: WorkspaceChoice = {
    id: user.sub,
    role: 'owner',
    ownerEmail: (await deps.emailOf(user))?.email.toLowerCase() ?? '',
  };
  const workspaces = [
    own,
    ...memberships.map((m): WorkspaceChoice => ({
      id: m.workspace_id,
      role: m.role,
      ownerEmail: m.owner_email,
      ...(m.workspace_name ? { name: m.workspace_name } : {}),
    })),
  ];
  const belongs = requested === undefined || workspaces.some((w) => w.id === requested);
  const resolved = resolveWorkspace(user.sub, memberships, belongs ? requested : undefined);
  const current = workspaces.find((w) => w.id === resolved.id) ?? own;
  return { current, workspaces };
}

/**
 * An agency's owner or admin creates a client workspace (issue 28, req 1): a new `ws_` id, a plan record billed to
 * the agency (no Stripe subscription: its plan resolves to the agency's Agency plan while that runs, planOfUser),
 * and the creator's membership as its admin (billing and the Meta connection stay an owner's: the client connects
 * their own Meta account through the onboarding link). Only a workspace on the Agency plan, and not itself a
 * client workspace, may create one.
 */
export async function createClientWorkspace(
  user: RequestUser,
  body: CreateClientWorkspaceBody,
  deps: TeamDeps,
): Promise<WorkspaceChoice> {
  assertManagesTeam(user);
  const now = nowOf(deps);
  const agency = await readPlanRecord(deps.doc, deps.tables.userPlans, user.sub);
  if (agency?.billed_to && agency.billed_to !== user.sub) {
    throw forbidden('A client workspace cannot hold client workspaces: switch to the agency’s workspace first.');
  }
  if (effectivePlan(agency, now).plan !== CLIENT_WORKSPACES_PLAN) {
    throw forbidden(`Client workspaces come with the ${plans[CLIENT_WORKSPACES_PLAN].name} plan.`);
  }
  const person = personOf(user);
  const ownerEmail = await ownerEmailOf(user, deps);
  const id = newClientWorkspaceId(now);
  const record: PlanRecord = {
    user_id: id,
    plan: 'free',
    billed_to: user.sub,
    updated_at: now.toISOString(),
  };
  await deps.doc.send(
    new PutCommand({
      TableName: deps.tables.userPlans,
      Item: record,
      ConditionExpression: 'attribute_not_exists(user_id)',
    }),
  );
  const creatorEmail = (await deps.emailOf({ ...user, sub: person }))?.email.toLowerCase() ?? '';
  const membership: MembershipRecord = {
    user_id: person,
    workspace_id: id,
    role: 'admin',
    email: creatorEmail,
    owner_email: ownerEmail,
    workspace_name: body.name,
    joined_at: now.toISOString(),
  };
  await deps.doc.send(
    new PutCommand({
      TableName: deps.tables.memberships,
      Item: membership,
      ConditionExpression: 'attribute_not_exists(workspace_id)',
    }),
  );
  await recordCreatedClient(deps, user.sub, id, body.name, person, now);
  forgetWorkspace(person);
  return { id, role: 'admin', ownerEmail, name: body.name };
}

const invalid = () => new AppError('INVITATION_INVALID');

/** `a***@example.com`: enough to recognise one's own address, not to harvest someone else's. */
function masked(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Completes an accept whose membership was written (by a request that then stopped before its last writes):
 * hands the invitation's seat to the member and deletes the invitation. Answers whether the membership was
 * there (so the invitation is spent); false leaves the invitation as it is: claimed only, it is still pending.
 */
async function finishAccepted(invitation: InvitationRecord, deps: TeamDeps): Promise<boolean> {
  if (!invitation.accepted_by) return false;
  const membership = await readMembership(
    deps.doc,
    deps.tables.memberships,
    invitation.accepted_by,
    invitation.workspace_id,
  );
  if (membership?.invitation_id !== invitation.invitation_id) return false;
  const moved = await moveSeat(
    deps.counters,
    invitation.workspace_id,
    invitePlace(invitation.invitation_id),
    memberPlace(invitation.accepted_by),
  );
  if (moved === 'missing') {
    await withdrawMembership(invitation.accepted_by, invitation.workspace_id, invitation.invitation_id, deps);
    return false;
  }
  await deleteAcceptedInvitation(invitation.invitation_id, invitation.accepted_by, deps);
  return true;
}

/** Takes back a membership whose seat was never handed over (the invitation was revoked or expired meanwhile). */
async function withdrawMembership(
  userId: string,
  workspaceId: string,
  invitationId: string,
  deps: TeamDeps,
): Promise<void> {
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.memberships,
        Key: tableKey('workspaceMemberships', userId, workspaceId),
        ConditionExpression: 'invitation_id = :i',
        ExpressionAttributeValues: { ':i': invitationId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  forgetWorkspace(userId);
}

async function deleteAcceptedInvitation(invitationId: string, userId: string, deps: TeamDeps): Promise<void> {
  try {
    await deps.doc.send(
      new DeleteCommand({
        TableName: deps.tables.invitations,
        Key: tableKey('teamInvitations', invitationId),
        ConditionExpression: 'accepted_by = :u',
        ExpressionAttributeValues: { ':u': userId },
      }),
    );
  } catch (error) {
    // Already deleted by an earlier attempt or by the owner's view finishing it.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Joins the workspace an invitation names. Only the invited address may accept (the signed-in user's verified
 * email), the token works for that one person once, and not after it expires or is revoked.
 *
 * DynamoDB transactions are not available on the twin (dynalite), so accept is four writes in an order where a
 * crash after any of them leaves a state that is counted once and that a retry (same token, same user) or the
 * owner's next look at the team completes:
 *   1. claim: the invitation records `accepted_by` (conditional: live, right hash, unclaimed or claimed by us).
 *      Alone it changes nothing: the invitation still holds the seat and still expires or can be revoked.
 *   2. membership: written with the invitation's id (conditional: none yet, or ours from an earlier attempt).
 *   3. commit: the seat moves from `invite:<id>` to `member:<sub>` in one conditional write (moveSeat), so the
 *      person holds exactly one place at every moment. If the invitation's place is gone (revoked or expired
 *      after the claim), the membership is taken back and the link is refused.
 *   4. the invitation is deleted (conditional on our claim).
 * A retry after 4 finds no invitation but a membership naming it, and answers the team as a first accept would.
 */
export async function acceptInvitation(user: RequestUser, token: string, deps: TeamDeps): Promise<Team> {
  const { id, secret } = splitToken(token);
  const now = nowOf(deps);
  const found = await deps.doc.send(
    new GetCommand({ TableName: deps.tables.invitations, Key: tableKey('teamInvitations', id), ConsistentRead: true }),
  );
  const invitation = found.Item as InvitationRecord | undefined;
  if (!invitation) {
    // Accepted already by this very person (a retry after the last write): the same answer again.
    const accepted = (await membershipsOf(deps.doc, deps.tables.memberships, user.sub)).find(
      (m) => m.invitation_id === id,
    );
    if (accepted) return teamView(accepted.workspace_id, accepted.role, accepted.owner_email, deps);
    throw invalid();
  }
  const existing = await readMembership(deps.doc, deps.tables.memberships, user.sub, invitation.workspace_id);
  if (!secretMatches(secret, invitation.token_hash)) throw invalid();
  const resuming = invitation.accepted_by === user.sub;
  if (invitation.accepted_by && !resuming) throw invalid();
  // A claim made while the link was live is completed even if the link has expired since.
  if (!resuming && !isLive(invitation.expires_at, now)) throw invalid();
  const email = await verifiedEmailOf(user, deps);
  if (email !== invitation.email) {
    throw forbidden(
      `This invitation was sent to ${masked(invitation.email)}, and you are signed in as ${email}. ` +
        'Sign in (or sign up) with the invited address to accept it.',
    );
  }
  if (invitation.workspace_id === user.sub) throw conflict('This invitation is to your own workspace.');
  const ours = existing?.invitation_id === id;
  // A person may belong to several workspaces (issue 28), each once.
  if (existing && !ours) throw conflict('You are already in this workspace: choose it in the workspace switcher.');
  const role = invitation.role ?? 'member';

  // 1. Claim.
  if (!resuming) {
    try {
      await deps.doc.send(
        new UpdateCommand({
          TableName: deps.tables.invitations,
          Key: tableKey('teamInvitations', id),
          UpdateExpression: 'SET accepted_by = :u',
          ConditionExpression:
            'token_hash = :h AND expires_at > :now AND (attribute_not_exists(accepted_by) OR accepted_by = :u)',
          ExpressionAttributeValues: {
            ':u': user.sub,
            ':h': invitation.token_hash,
            ':now': Math.floor(now.getTime() / 1000),
          },
        }),
      );
    } catch (error) {
      // Revoked, expired or claimed a moment ago by another request.
      if (error instanceof ConditionalCheckFailedException) throw invalid();
      throw error;
    }
  }

  // 2. Membership.
  if (!ours) {
    const membership: MembershipRecord = {
      user_id: user.sub,
      workspace_id: invitation.workspace_id,
      role,
      email,
      owner_email: invitation.owner_email,
      ...(invitation.workspace_name ? { workspace_name: invitation.workspace_name } : {}),
      joined_at: now.toISOString(),
      invitation_id: id,
    };
    try {
      await deps.doc.send(
        new PutCommand({
          TableName: deps.tables.memberships,
          Item: membership,
          ConditionExpression: 'attribute_not_exists(workspace_id) OR invitation_id = :i',
          ExpressionAttributeValues: { ':i': id },
        }),
      );
    } catch (error) {
      // Joined the same workspace through another invitation in the same instant.
      if (error instanceof ConditionalCheckFailedException) {
        throw conflict('You are already in this workspace: choose it in the workspace switcher.');
      }
      throw error;
    }
  }
  forgetWorkspace(user.sub);

  // 3. Commit: the seat becomes the member's.
  const moved = await moveSeat(deps.counters, invitation.workspace_id, invitePlace(id), memberPlace(user.sub));
  if (moved === 'missing') {
    await withdrawMembership(user.sub, invitation.workspace_id, id, deps);
    throw invalid();
  }

  // 4. The invitation is spent.
  await deleteAcceptedInvitation(id, user.sub, deps);
  return teamView(invitation.workspace_id, role, invitation.owner_email, deps);
}
