import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, type PlanKey } from '@shared/plans';
import { localTableName } from '@infra/twin/function-environment';
import { AppError } from '@lambdas/lib/errors';
import type { RequestUser } from '@lambdas/lib/http/request-user';
import { readUsage } from '@lambdas/lib/quota/plan-quota';
import { workspaceOf } from '@lambdas/lib/team/workspace';
import { planOfUser } from '@lambdas/lib/billing/plan-record';
import type { WorkspaceRole } from '@shared/workspace-roles';
import { hashSecret, isLive, issueToken, secretMatches, splitToken } from '@lambdas/team/invitation-token';
import {
  acceptInvitation,
  createClientWorkspace,
  invite,
  leaveTeam,
  listWorkspaces,
  readTeam,
  removeMember,
  revokeInvitation,
  type TeamDeps,
} from '@lambdas/team/team';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';
import { localTeamDeps } from '@tests/support/local-team-deps';

let aws: LocalAws;
let clock = new Date('2026-11-23T10:00:00.000Z');
let n = 0;
const sent: { to: string; link: string }[] = [];
/** Verified email per username (the pool's attributes, as AdminGetUser answers). */
const emails = new Map<string, { email: string; verified: boolean }>();

function person(email: string, verified = true): RequestUser {
  const sub = `team-user-${++n}-${Date.now()}`;
  emails.set(sub, { email, verified });
  return { sub, username: sub };
}

const deps = (): TeamDeps =>
  localTeamDeps({
    doc: aws.doc,
    now: () => clock,
    emails,
    sendInvitation: async (to, invitation) => {
      sent.push({ to, link: invitation.link });
    },
  });

/** The person as httpFunction hands them to the team's logic when their request works in `owner`'s workspace. */
function working(who: RequestUser, owner: RequestUser, role: WorkspaceRole): RequestUser {
  return { ...who, sub: owner.sub, actor: who.sub, role };
}

async function onPlan(user: RequestUser, plan: PlanKey) {
  await aws.doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: user.sub,
        plan,
        subscription_status: 'active',
        current_period_end: Math.floor(clock.getTime() / 1000) + 30 * 86400,
      },
    }),
  );
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

beforeAll(async () => {
  aws = await startLocalAws();
}, 60_000);
afterAll(async () => aws?.stop());

describe('invitation tokens', () => {
  it('are <id>.<secret> with only the secret’s SHA-256 kept, matched in constant time', () => {
    const issued = issueToken(clock);
    const { id, secret } = splitToken(issued.token);
    expect(id).toBe(issued.id);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.hash).toBe(hashSecret(secret));
    expect(issued.hash).not.toContain(secret);
    expect(secretMatches(secret, issued.hash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}A`, issued.hash)).toBe(secret.endsWith('A'));
    expect(secretMatches(secret, issueToken(clock).hash)).toBe(false);
  });

  it('expire after 7 days', () => {
    const issued = issueToken(clock);
    expect(isLive(issued.expiresAt, new Date(clock.getTime() + 7 * 86400_000 - 1000))).toBe(true);
    expect(isLive(issued.expiresAt, new Date(clock.getTime() + 7 * 86400_000))).toBe(false);
  });
});

describe('seats', () => {
  it('a Free owner cannot invite anyone: 429 QUOTA_EXCEEDED naming the seat limit and Pro', async () => {
    const owner = person('free-owner@example.com');
    const error = await refusal(invite(owner, { email: 'mate@example.com' }, deps()));
    expect(error.code).toBe('QUOTA_EXCEEDED');
    expect(error.statusCode).toBe(429);
    expect(error.details).toMatchObject({ quota: 'seats', limit: '1', plan: 'free', upgradeTo: 'pro' });
    expect(error.message).toContain('Pro allows 3 seats');
  });

  it('counts the owner, members and pending invitations: a Pro owner invites 2, the 3rd is refused', async () => {
    const owner = person('pro-owner@example.com');
    await onPlan(owner, 'pro');
    const first = await invite(owner, { email: 'one@example.com' }, deps());
    expect(first.emailed).toBe(true);
    expect(first.team.seats).toEqual({ used: 2, limit: 3 });
    const second = await invite(owner, { email: 'two@example.com' }, deps());
    expect(second.team.seats).toEqual({ used: 3, limit: 3 });
    expect(second.team.invitations.map((i) => i.email).sort()).toEqual(['one@example.com', 'two@example.com']);
    const third = await refusal(invite(owner, { email: 'three@example.com' }, deps()));
    expect(third.code).toBe('QUOTA_EXCEEDED');
    expect(third.details).toMatchObject({ quota: 'seats', limit: String(plans.pro.limits.seats), upgradeTo: 'agency' });
    // The plan card's usage says the same.
    const usage = await readUsage(deps().counters, owner.sub, 'pro');
    expect(usage.find((u) => u.key === 'seats')).toMatchObject({ used: 3, limit: 3, enforced: true });
    // A revoke frees the seat: the third invitation goes now.
    await revokeInvitation(owner, first.invitation.id, deps());
    const again = await invite(owner, { email: 'three@example.com' }, deps());
    expect(again.team.seats.used).toBe(3);
  });

  it('an invitation nobody answered gives its seat back once expired', async () => {
    const owner = person('expiring-owner@example.com');
    await onPlan(owner, 'pro');
    await invite(owner, { email: 'a@example.com' }, deps());
    await invite(owner, { email: 'b@example.com' }, deps());
    const saved = clock;
    clock = new Date(clock.getTime() + 8 * 86400_000);
    try {
      const team = await readTeam(owner, deps());
      expect(team.invitations).toEqual([]);
      expect(team.seats.used).toBe(1);
    } finally {
      clock = saved;
    }
  });

  it('refuses the same address twice, a member’s address and the owner’s own', async () => {
    const owner = person('dupes-owner@example.com');
    await onPlan(owner, 'agency');
    await invite(owner, { email: 'dup@example.com' }, deps());
    expect((await refusal(invite(owner, { email: 'dup@example.com' }, deps()))).code).toBe('CONFLICT');
    expect((await refusal(invite(owner, { email: 'dupes-owner@example.com' }, deps()))).code).toBe('VALIDATION_ERROR');
  });
});

describe('accepting', () => {
  it('only the invited, verified address accepts; the token works once; the member shares the workspace', async () => {
    const owner = person('acc-owner@example.com');
    await onPlan(owner, 'pro');
    const created = await invite(owner, { email: 'invitee@example.com' }, deps());
    const token = tokenOf(created.link);
    expect(sent.at(-1)).toEqual({ to: 'invitee@example.com', link: created.link });

    const stranger = person('stranger@example.com');
    const wrong = await refusal(acceptInvitation(stranger, token, deps()));
    expect(wrong.code).toBe('FORBIDDEN');
    expect(wrong.message).toContain('i***@example.com');

    const unverified = person('invitee@example.com', false);
    expect((await refusal(acceptInvitation(unverified, token, deps()))).code).toBe('FORBIDDEN');

    const forged = `${splitToken(token).id}.${'A'.repeat(43)}`;
    const invitee = person('Invitee@Example.com');
    expect((await refusal(acceptInvitation(invitee, forged, deps()))).code).toBe('INVITATION_INVALID');

    const team = await acceptInvitation(invitee, token, deps());
    expect(team.role).toBe('member');
    expect(team.ownerEmail).toBe('acc-owner@example.com');
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      ['acc-owner@example.com', 'owner'],
      ['invitee@example.com', 'member'],
    ]);
    expect(team.seats).toEqual({ used: 2, limit: 3 });
    await expect(workspaceOf(aws.doc, localTableName('workspaceMemberships'), invitee.sub)).resolves.toEqual({
      id: owner.sub,
      role: 'member',
    });

    // Replayed by anyone else: refused. By the same person: the same answer (a retry changes nothing).
    const other = person('invitee@example.com');
    expect((await refusal(acceptInvitation(other, token, deps()))).code).toBe('INVITATION_INVALID');
    const again = await acceptInvitation(invitee, token, deps());
    expect(again.seats).toEqual({ used: 2, limit: 3 });
    expect(again.members).toHaveLength(2);
    // A member cannot manage the owner's team.
    const asMember = working(invitee, owner, 'member');
    expect((await refusal(invite(asMember, { email: 'x@example.com' }, deps()))).code).toBe('OWNER_ONLY');
  });

  it('refuses an expired or revoked link', async () => {
    const owner = person('exp-owner@example.com');
    await onPlan(owner, 'pro');
    const invitee = person('late@example.com');
    const created = await invite(owner, { email: 'late@example.com' }, deps());
    const saved = clock;
    clock = new Date(clock.getTime() + 7 * 86400_000 + 1000);
    try {
      expect((await refusal(acceptInvitation(invitee, tokenOf(created.link), deps()))).code).toBe('INVITATION_INVALID');
    } finally {
      clock = saved;
    }
    const other = await invite(owner, { email: 'late@example.com' }, deps()).catch(async () => {
      // Still pending at the original clock: revoke, then invite again.
      await revokeInvitation(owner, created.invitation.id, deps());
      return invite(owner, { email: 'late@example.com' }, deps());
    });
    await revokeInvitation(owner, other.invitation.id, deps());
    expect((await refusal(acceptInvitation(invitee, tokenOf(other.link), deps()))).code).toBe('INVITATION_INVALID');
  });

  it('removing a member or a member leaving frees the seat and ends the membership', async () => {
    const owner = person('rm-owner@example.com');
    await onPlan(owner, 'pro');
    const a = person('rm-a@example.com');
    const b = person('rm-b@example.com');
    await acceptInvitation(a, tokenOf((await invite(owner, { email: 'rm-a@example.com' }, deps())).link), deps());
    await acceptInvitation(b, tokenOf((await invite(owner, { email: 'rm-b@example.com' }, deps())).link), deps());
    expect((await readTeam(owner, deps())).seats).toEqual({ used: 3, limit: 3 });

    const afterRemove = await removeMember(owner, a.sub, deps());
    expect(afterRemove.members.map((m) => m.email)).toEqual(['rm-owner@example.com', 'rm-b@example.com']);
    expect(afterRemove.seats.used).toBe(2);
    const removed = await aws.doc.send(
      new GetCommand({
        TableName: localTableName('workspaceMemberships'),
        Key: { user_id: a.sub, workspace_id: owner.sub },
      }),
    );
    expect(removed.Item).toBeUndefined();
    expect((await readTeam(a, deps())).role).toBe('owner');
    // Only the owner removes, and only their own members.
    expect((await refusal(removeMember(person('else@example.com'), b.sub, deps()))).code).toBe('NOT_FOUND');

    const mine = await leaveTeam(working(b, owner, 'member'), deps());
    expect(mine).toMatchObject({ role: 'owner', ownerEmail: 'rm-b@example.com' });
    expect((await readTeam(owner, deps())).seats.used).toBe(1);
  });

  it('after a downgrade nobody is removed, but no invitation goes until the team is under the limit', async () => {
    const owner = person('down-owner@example.com');
    await onPlan(owner, 'agency');
    for (const name of ['d1', 'd2', 'd3']) {
      const mate = person(`${name}@example.com`);
      await acceptInvitation(
        mate,
        tokenOf((await invite(owner, { email: `${name}@example.com` }, deps())).link),
        deps(),
      );
    }
    await onPlan(owner, 'pro');
    const team = await readTeam(owner, deps());
    expect(team.members).toHaveLength(4);
    expect(team.seats).toEqual({ used: 4, limit: 3 });
    expect((await refusal(invite(owner, { email: 'd4@example.com' }, deps()))).code).toBe('QUOTA_EXCEEDED');
  });
});

/**
 * A DynamoDB client whose function "crashes" (throws, as a timed-out or killed Lambda would stop) when it is
 * about to make its (writes + 1)th write: the first `writes` writes land, nothing after them.
 */
function crashingAfter(writes: number): DynamoDBDocumentClient {
  let done = 0;
  return new Proxy(aws.doc, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: unknown) => {
        const write =
          command instanceof PutCommand || command instanceof UpdateCommand || command instanceof DeleteCommand;
        if (write && done >= writes) throw new Error(`crashed after write ${writes}`);
        const reply = await target.send(command as never);
        if (write) done++;
        return reply;
      };
    },
  });
}

const crashingDeps = (writes: number): TeamDeps => {
  const doc = crashingAfter(writes);
  return { ...deps(), doc, counters: { ...deps().counters, doc } };
};

async function invitationRow(id: string) {
  const reply = await aws.doc.send(
    new GetCommand({ TableName: localTableName('teamInvitations'), Key: { invitation_id: id }, ConsistentRead: true }),
  );
  return reply.Item;
}

async function membershipRow(userId: string, workspaceId: string) {
  const reply = await aws.doc.send(
    new GetCommand({
      TableName: localTableName('workspaceMemberships'),
      Key: { user_id: userId, workspace_id: workspaceId },
      ConsistentRead: true,
    }),
  );
  return reply.Item;
}

describe('accepting survives a crash between its writes', () => {
  // Accept makes four writes (claim, membership, seat, invitation delete); crash after each of the first three,
  // then retry. After the fourth it is done, and a retry (the reply was lost) answers the same: tested above.
  it.each([1, 2, 3])('crash after write %i: one seat held throughout, a retry completes the join', async (k) => {
    const owner = person(`crash${k}-owner@example.com`);
    await onPlan(owner, 'pro');
    const created = await invite(owner, { email: `crash${k}@example.com` }, deps());
    const invitee = person(`crash${k}@example.com`);
    const token = tokenOf(created.link);

    const crash = await acceptInvitation(invitee, token, crashingDeps(k)).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(crash?.message).toBe(`crashed after write ${k}`);
    // Half done: the invitee holds exactly one seat (the invitation's or the member's), never both.
    expect((await readUsage(deps().counters, owner.sub, 'pro')).find((u) => u.key === 'seats')?.used).toBe(2);

    const team = await acceptInvitation(invitee, token, deps());
    expect(team.role).toBe('member');
    expect(team.members.map((m) => m.email)).toEqual([`crash${k}-owner@example.com`, `crash${k}@example.com`]);
    expect(team.seats).toEqual({ used: 2, limit: 3 });
    expect(await invitationRow(created.invitation.id)).toBeUndefined();
    expect(await membershipRow(invitee.sub, owner.sub)).toMatchObject({
      workspace_id: owner.sub,
      invitation_id: created.invitation.id,
    });
    const ownerView = await readTeam(owner, deps());
    expect(ownerView.invitations).toEqual([]);
    expect(ownerView.seats).toEqual({ used: 2, limit: 3 });
    // The freed third seat is really free: one more invitation goes, a second is refused.
    await invite(owner, { email: `crash${k}-next@example.com` }, deps());
    expect((await refusal(invite(owner, { email: `crash${k}-full@example.com` }, deps()))).code).toBe('QUOTA_EXCEEDED');
  });

  it('a membership written before the crash is completed by the owner’s next look, without a retry', async () => {
    const owner = person('look-owner@example.com');
    await onPlan(owner, 'pro');
    const created = await invite(owner, { email: 'look@example.com' }, deps());
    const invitee = person('look@example.com');
    await acceptInvitation(invitee, tokenOf(created.link), crashingDeps(2)).catch(() => undefined);
    const team = await readTeam(owner, deps());
    expect(team.members.map((m) => m.email)).toEqual(['look-owner@example.com', 'look@example.com']);
    expect(team.invitations).toEqual([]);
    expect(team.seats.used).toBe(2);
    // The invitation is spent.
    await expect(invitationRow(created.invitation.id)).resolves.toBeUndefined();
  });

  it('the owner revoking a claimed invitation: before the membership the link dies; after it, revoke is refused', async () => {
    const owner = person('rv-owner@example.com');
    await onPlan(owner, 'pro');
    const first = await invite(owner, { email: 'rv1@example.com' }, deps());
    const one = person('rv1@example.com');
    await acceptInvitation(one, tokenOf(first.link), crashingDeps(1)).catch(() => undefined);
    expect(await invitationRow(first.invitation.id)).toMatchObject({ accepted_by: one.sub });
    const afterRevoke = await revokeInvitation(owner, first.invitation.id, deps());
    expect(afterRevoke.seats.used).toBe(1);
    expect((await refusal(acceptInvitation(one, tokenOf(first.link), deps()))).code).toBe('INVITATION_INVALID');
    expect(await membershipRow(one.sub, owner.sub)).toBeUndefined();

    const second = await invite(owner, { email: 'rv2@example.com' }, deps());
    const two = person('rv2@example.com');
    await acceptInvitation(two, tokenOf(second.link), crashingDeps(2)).catch(() => undefined);
    const refused = await refusal(revokeInvitation(owner, second.invitation.id, deps()));
    expect(refused.code).toBe('CONFLICT');
    const team = await readTeam(owner, deps());
    expect(team.members.map((m) => m.email)).toEqual(['rv-owner@example.com', 'rv2@example.com']);
    expect(team.seats.used).toBe(2);
  });

  it('a claimed invitation is still the claimant’s alone', async () => {
    const owner = person('cl-owner@example.com');
    await onPlan(owner, 'pro');
    const created = await invite(owner, { email: 'cl@example.com' }, deps());
    const claimant = person('cl@example.com');
    await acceptInvitation(claimant, tokenOf(created.link), crashingDeps(1)).catch(() => undefined);
    // The same address under another account (signed up again) cannot take over the claim.
    const twin = person('cl@example.com');
    expect((await refusal(acceptInvitation(twin, tokenOf(created.link), deps()))).code).toBe('INVITATION_INVALID');
    expect((await acceptInvitation(claimant, tokenOf(created.link), deps())).role).toBe('member');
  });
});

describe('one person, many workspaces (issue 28)', () => {
  it('joins two workspaces with the roles their invitations named, keeping their own; each can be left alone', async () => {
    const agency = person('ag-owner@example.com');
    const client = person('ag-client-owner@example.com');
    await onPlan(agency, 'pro');
    await onPlan(client, 'pro');
    const worker = person('ag-worker@example.com');
    // The worker's own workspace has a teammate: it no longer stops them joining others.
    await onPlan(worker, 'pro');
    await invite(worker, { email: 'own-mate@example.com' }, deps());

    const asAdmin = await acceptInvitation(
      worker,
      tokenOf((await invite(agency, { email: 'ag-worker@example.com', role: 'admin' }, deps())).link),
      deps(),
    );
    expect(asAdmin.role).toBe('admin');
    const created = await invite(client, { email: 'ag-worker@example.com', role: 'client' }, deps());
    expect(created.invitation.role).toBe('client');
    const asClient = await acceptInvitation(worker, tokenOf(created.link), deps());
    expect(asClient.role).toBe('client');
    expect(asClient.members.find((m) => m.email === 'ag-worker@example.com')?.role).toBe('client');

    const list = await listWorkspaces(worker, undefined, deps());
    expect(list.workspaces.map((w) => [w.id, w.role, w.ownerEmail])).toEqual([
      [worker.sub, 'owner', 'ag-worker@example.com'],
      [agency.sub, 'admin', 'ag-owner@example.com'],
      [client.sub, 'client', 'ag-client-owner@example.com'],
    ]);
    // No choice named: the oldest membership, as when a person could be in one team only.
    expect(list.current.id).toBe(agency.sub);
    expect((await listWorkspaces(worker, client.sub, deps())).current).toMatchObject({
      id: client.sub,
      role: 'client',
    });
    // A workspace they are not in falls back to the default (the web corrects its remembered choice).
    expect((await listWorkspaces(worker, person('x@example.com').sub, deps())).current.id).toBe(agency.sub);

    // An admin manages the team: invites (with a role) and sees the pending invitations; the owner is untouchable.
    const admin = working(worker, agency, 'admin');
    const invited = await invite(admin, { email: 'by-admin@example.com', role: 'client' }, deps());
    expect(invited.team.invitations.map((i) => [i.email, i.role])).toEqual([['by-admin@example.com', 'client']]);
    expect((await refusal(invite(admin, { email: 'ag-owner@example.com' }, deps()))).code).toBe('VALIDATION_ERROR');
    expect((await refusal(removeMember(admin, agency.sub, deps()))).code).toBe('NOT_FOUND');
    // A client does not.
    const asClientUser = working(worker, client, 'client');
    expect((await refusal(invite(asClientUser, { email: 'z@example.com' }, deps()))).code).toBe('OWNER_ONLY');

    // Leaving the client's workspace keeps the agency's.
    await leaveTeam(asClientUser, deps());
    const after = await listWorkspaces(worker, undefined, deps());
    expect(after.workspaces.map((w) => w.id)).toEqual([worker.sub, agency.sub]);
    expect((await readTeam(client, deps())).members.map((m) => m.email)).toEqual(['ag-client-owner@example.com']);
  });

  it('refuses joining the same workspace twice', async () => {
    const owner = person('twice-owner@example.com');
    await onPlan(owner, 'agency');
    const mate = person('twice@example.com');
    await acceptInvitation(mate, tokenOf((await invite(owner, { email: 'twice@example.com' }, deps())).link), deps());
    // Removed from the pending list by the first accept: a second invitation to the same address is a conflict.
    expect((await refusal(invite(owner, { email: 'twice@example.com' }, deps()))).code).toBe('CONFLICT');
  });

  it('an agency creates a client workspace billed to it: a ws_ id, the Agency plan, the creator its admin', async () => {
    const agency = person('cw-agency@example.com');
    await onPlan(agency, 'agency');
    const made = await createClientWorkspace(agency, { name: 'Bakery Ltd' }, deps());
    expect(made).toMatchObject({ role: 'admin', ownerEmail: 'cw-agency@example.com', name: 'Bakery Ltd' });
    expect(made.id).toMatch(/^ws_[0-9A-HJKMNP-TV-Z]{26}$/);
    // Its plan resolves to the agency's (no subscription of its own), and lapses with it.
    expect(await planOfUser(aws.doc, localTableName('userPlans'), made.id, clock)).toBe('agency');
    // The creator switches to it and works in it as its admin; it is listed by its name.
    expect(await workspaceOf(aws.doc, localTableName('workspaceMemberships'), agency.sub, made.id)).toEqual({
      id: made.id,
      role: 'admin',
    });
    const listed = (await listWorkspaces(agency, made.id, deps())).current;
    expect(listed).toEqual(made);
    // An invitation into it carries its name to the person who joins.
    const inside = working(agency, { sub: made.id, username: made.id }, 'admin');
    const mate = person('cw-mate@example.com');
    await acceptInvitation(
      mate,
      tokenOf((await invite(inside, { email: 'cw-mate@example.com', role: 'client' }, deps())).link),
      deps(),
    );
    expect((await listWorkspaces(mate, made.id, deps())).current).toMatchObject({ name: 'Bakery Ltd', role: 'client' });
    // A client workspace holds no client workspaces; a member cannot create one; a Pro workspace cannot.
    expect((await refusal(createClientWorkspace(inside, { name: 'Nested' }, deps()))).code).toBe('FORBIDDEN');
    const member = working(mate, agency, 'member');
    expect((await refusal(createClientWorkspace(member, { name: 'X' }, deps()))).code).toBe('OWNER_ONLY');
    const pro = person('cw-pro@example.com');
    await onPlan(pro, 'pro');
    expect((await refusal(createClientWorkspace(pro, { name: 'X' }, deps()))).message).toContain('Agency plan');
  });
});
