import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { plans, type PlanKey } from '@shared/plans';
import { webPaths } from '@shared/web-paths';
import type { ClientWorkspace, ClientWorkspaces } from '@shared/schemas/team';
import { isClientWorkspaceId } from '@shared/workspace-roles';
import { tableKey } from '@shared/table-keys';
import {
  CLIENT_WORKSPACES_PLAN,
  effectivePlan,
  placesOf,
  pooledPlace,
  readPlanRecord,
  type PlanRecord,
} from '../lib/billing/plan-record';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { heldMembers, releaseHeld } from '../lib/quota/plan-quota';
import { forgetWorkspace, membershipsOf, type MembershipRecord } from '../lib/team/workspace';
import type { TeamDeps } from './team';

/**
 * The client workspaces an Agency plan pays for (issue 28, req 1). An attached client's plan record names the agency
 * in `billed_to`; its effective plan is then the agency's Agency plan, and its pooled limits are counted in the
 * agency's counters (lambdas/lib/billing/plan-record.ts, quotaScopeOf). The agency's list is one item per client in
 * `quota_usage` (`client#<id>` under the agency: what the agency holds, like its other held things).
 *
 * Who may attach: the agency's owner or admin (the route's `admins` scope), who must also be the client's owner (their
 * own workspace) or, for a client workspace an agency made (no owning person), its admin. Someone else's workspace is
 * never attached without its owner: the owner is the person asking. A workspace whose own Stripe subscription still
 * renews is refused until it is cancelled (it then runs to its period's end and is never charged again), so no client
 * pays twice; while attached, Checkout and plan changes are refused in it (billing).
 */
export const CLIENT_LINK_PREFIX = 'client#';
const linkCounter = (clientId: string) => `${CLIENT_LINK_PREFIX}${clientId}`;

interface ClientLink {
  user_id: string;
  counter: string;
  client_id: string;
  name: string;
  attached_at: string;
  attached_by: string;
}

export type ClientWorkspaceDeps = TeamDeps;

const nowOf = (deps: TeamDeps) => deps.now?.() ?? new Date();
const personOf = (user: RequestUser) => user.actor ?? user.sub;

/** Statuses of a subscription Stripe will still charge (unless set to cancel at the period's end). */
const RENEWING = new Set(['active', 'trialing', 'past_due']);

/** Whether Stripe would charge this workspace's own subscription again. */
export function ownSubscriptionRenews(record: PlanRecord | undefined): boolean {
  return Boolean(
    record?.stripe_subscription_id &&
    record.subscription_status &&
    RENEWING.has(record.subscription_status) &&
    !record.cancel_at_period_end,
  );
}

async function linksOf(agencyId: string, deps: TeamDeps): Promise<ClientLink[]> {
  const reply = await deps.doc.send(
    new QueryCommand({
      TableName: deps.counters.table,
      // `counter` is a reserved word in expressions: named through a placeholder.
      KeyConditionExpression: 'user_id = :agency AND begins_with(#counter, :prefix)',
      ExpressionAttributeNames: { '#counter': 'counter' },
      ExpressionAttributeValues: { ':agency': agencyId, ':prefix': CLIENT_LINK_PREFIX },
      ConsistentRead: true,
    }),
  );
  return ((reply.Items ?? []) as ClientLink[]).sort((a, b) => a.attached_at.localeCompare(b.attached_at));
}

/** A workspace the person could attach: their own (as owner) or a client workspace they administer. */
function attachableOf(user: RequestUser, memberships: MembershipRecord[], ownEmail: string): ClientWorkspace[] {
  const person = personOf(user);
  const own: ClientWorkspace[] = person === user.sub ? [] : [{ id: person, name: ownEmail || 'Your own workspace' }];
  const administered = memberships
    .filter((m) => m.workspace_id !== user.sub && m.role === 'admin' && isClientWorkspaceId(m.workspace_id))
    .map((m) => ({ id: m.workspace_id, name: m.workspace_name ?? m.owner_email }));
  return [...own, ...administered];
}

async function view(user: RequestUser, deps: ClientWorkspaceDeps): Promise<ClientWorkspaces> {
  const person = personOf(user);
  const [agency, links, memberships, email] = await Promise.all([
    readPlanRecord(deps.doc, deps.tables.userPlans, user.sub),
    linksOf(user.sub, deps),
    membershipsOf(deps.doc, deps.tables.memberships, person),
    deps.emailOf({ ...user, sub: person }),
  ]);
  const attached = new Set(links.map((l) => l.client_id));
  const candidates = attachableOf(user, memberships, email?.email.toLowerCase() ?? '').filter(
    (c) => !attached.has(c.id),
  );
  const records = await Promise.all(candidates.map((c) => readPlanRecord(deps.doc, deps.tables.userPlans, c.id)));
  return {
    paying: effectivePlan(agency, nowOf(deps)).plan === CLIENT_WORKSPACES_PLAN && !isBilledElsewhere(agency),
    clients: links.map((l) => ({ id: l.client_id, name: l.name, attachedAt: l.attached_at })),
    // Not already another agency's client, and holding no clients of its own.
    attachable: candidates.filter((_, i) => !isBilledElsewhere(records[i])),
  };
}

const isBilledElsewhere = (record: PlanRecord | undefined) =>
  Boolean(record?.billed_to && record.billed_to !== record.user_id);

/** The client workspaces this agency workspace pays for, and what the caller could attach. */
export function listClientWorkspaces(user: RequestUser, deps: ClientWorkspaceDeps): Promise<ClientWorkspaces> {
  return view(user, deps);
}

async function audit(
  deps: ClientWorkspaceDeps,
  action: 'attach' | 'detach',
  user: RequestUser,
  agencyId: string,
  clientId: string,
): Promise<void> {
  const at = nowOf(deps).toISOString();
  // One row in each workspace's trail: the agency sees whom it paid for, the client by whom it was covered.
  await Promise.all(
    [agencyId, clientId].map((workspace) =>
      deps.doc.send(
        new PutCommand({
          TableName: deps.tables.audit,
          Item: {
            ...tableKey('campaignAudit', workspace, `workspace-plan#${at}#${randomUUID()}`),
            changed_at: at,
            action: `client_workspace_${action}`,
            actor_id: personOf(user),
            agency_id: agencyId,
            client_id: clientId,
          },
        }),
      ),
    ),
  );
}

/**
 * Attaches a workspace to the agency's Agency plan: the client's plan record names the agency (conditional: not
 * billed to anyone else), then the agency's list gains it. A crash between the two leaves a client covered but not
 * listed; attaching again completes it (the first write accepts its own agency).
 */
export async function attachClientWorkspace(
  user: RequestUser,
  clientId: string,
  deps: ClientWorkspaceDeps,
): Promise<ClientWorkspaces> {
  const now = nowOf(deps);
  const agencyId = user.sub;
  const person = personOf(user);
  if (clientId === agencyId) throw conflict('A workspace cannot pay for itself: choose another workspace.');
  const agency = await readPlanRecord(deps.doc, deps.tables.userPlans, agencyId);
  if (isBilledElsewhere(agency)) {
    throw forbidden('This workspace is itself paid for by an agency: attach clients from the agency’s workspace.');
  }
  if (effectivePlan(agency, now).plan !== CLIENT_WORKSPACES_PLAN) {
    throw forbidden(`Client workspaces come with the ${plans[CLIENT_WORKSPACES_PLAN].name} plan.`);
  }
  // The person must hold the client side too: its owner, or the admin of an agency-made client workspace.
  const memberships = await membershipsOf(deps.doc, deps.tables.memberships, person);
  const email = (await deps.emailOf({ ...user, sub: person }))?.email.toLowerCase() ?? '';
  const candidate = attachableOf(user, memberships, email).find((c) => c.id === clientId);
  if (!candidate) {
    throw forbidden(
      'You can attach only a workspace you own, or a client workspace you administer: its owner must attach it.',
    );
  }
  const client = await readPlanRecord(deps.doc, deps.tables.userPlans, clientId);
  if ((await linksOf(clientId, deps)).length > 0) {
    throw conflict('That workspace pays for client workspaces of its own: an agency cannot be another’s client.');
  }
  if (ownSubscriptionRenews(client)) {
    throw conflict(
      `That workspace’s own ${plans[client!.plan].name} subscription still renews. Cancel it under Manage billing ` +
        'in that workspace first (it runs to the end of the period paid for and is never charged again), then attach it.',
    );
  }
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.tables.userPlans,
        Key: tableKey('userPlans', clientId),
        // A workspace with no record yet is on Free: the record is made here.
        UpdateExpression: 'SET billed_to = :agency, updated_at = :now, #plan = if_not_exists(#plan, :free)',
        ConditionExpression: 'attribute_not_exists(billed_to) OR billed_to = :agency',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':agency': agencyId, ':now': now.toISOString(), ':free': 'free' },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw conflict('That workspace is already on another agency’s plan: it must be detached there first.');
    }
    throw error;
  }
  await putLink(deps, agencyId, clientId, candidate.name, person, now);
  await audit(deps, 'attach', user, agencyId, clientId);
  forgetWorkspace(person);
  return view(user, deps);
}

async function putLink(
  deps: TeamDeps,
  agencyId: string,
  clientId: string,
  name: string,
  by: string,
  now: Date,
): Promise<void> {
  const link: ClientLink = {
    ...(tableKey('quotaUsage', agencyId, linkCounter(clientId)) as { user_id: string; counter: string }),
    client_id: clientId,
    name,
    attached_at: now.toISOString(),
    attached_by: by,
  };
  await deps.doc.send(new PutCommand({ TableName: deps.counters.table, Item: link }));
}

/** Lists a client workspace the agency just made (team.ts createClientWorkspace) among those it pays for. */
export const recordCreatedClient = putLink;

/**
 * Detaches a client workspace: it is back on its own plan record (Free without a subscription) and its own
 * counters, and the places its ad accounts took in the agency's pool are given back. Audited in both trails, the
 * actor being whoever asked (the agency's owner or admin, or the client's owner).
 */
async function detach(deps: ClientWorkspaceDeps, user: RequestUser, agencyId: string, clientId: string) {
  // Its ad accounts' places in the pool are given back (they carry its id); its own counter is left as it was.
  const scope = { plan: CLIENT_WORKSPACES_PLAN, holder: agencyId };
  const places = placesOf(scope, clientId, await heldMembers(deps.counters, agencyId, 'connectedAdAccounts'));
  await releaseHeld(
    deps.counters,
    agencyId,
    'connectedAdAccounts',
    places.map((id) => pooledPlace(scope, clientId, id)),
  );
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.tables.userPlans,
        Key: tableKey('userPlans', clientId),
        UpdateExpression: 'REMOVE billed_to SET updated_at = :now',
        ConditionExpression: 'billed_to = :agency',
        ExpressionAttributeValues: { ':agency': agencyId, ':now': nowOf(deps).toISOString() },
      }),
    );
  } catch (error) {
    // Already detached by an earlier attempt: the list is tidied below.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  await deps.doc.send(
    new DeleteCommand({ TableName: deps.counters.table, Key: tableKey('quotaUsage', agencyId, linkCounter(clientId)) }),
  );
  await audit(deps, 'detach', user, agencyId, clientId);
  forgetWorkspace(personOf(user));
}

/** The agency's owner or an admin detaches one of its client workspaces. */
export async function detachClientWorkspace(
  user: RequestUser,
  clientId: string,
  deps: ClientWorkspaceDeps,
): Promise<ClientWorkspaces> {
  const agencyId = user.sub;
  const links = await linksOf(agencyId, deps);
  const client = await readPlanRecord(deps.doc, deps.tables.userPlans, clientId);
  if (!links.some((l) => l.client_id === clientId) && client?.billed_to !== agencyId) {
    throw notFound('That workspace is not on this agency’s plan.');
  }
  await detach(deps, user, agencyId, clientId);
  return view(user, deps);
}

/** Whose Agency plan pays for this workspace, if another workspace's does. */
export function payingAgencyOf(record: PlanRecord | undefined): string | undefined {
  return isBilledElsewhere(record) ? record!.billed_to : undefined;
}

/**
 * The client workspace's owner takes it off the agency's plan (its own decision, as attaching needed its owner):
 * the same effects as the agency's detach (own plan and counters back, pool places given back, audited in both
 * trails), and the agency hears it through the notifications fan-out. Only the workspace's owner: an agency-made
 * client workspace has no owning person, so only the agency detaches it.
 */
export async function leaveAgencyPlan(user: RequestUser, deps: ClientWorkspaceDeps): Promise<{ plan: PlanKey }> {
  if (user.actor && user.actor !== user.sub) {
    throw new AppError('OWNER_ONLY', 'Only the workspace’s owner can take it off the agency’s plan.');
  }
  const clientId = user.sub;
  const record = await readPlanRecord(deps.doc, deps.tables.userPlans, clientId);
  const agencyId = payingAgencyOf(record);
  if (!agencyId) throw conflict('This workspace is not on an agency’s plan: there is nothing to leave.');
  const link = (await linksOf(agencyId, deps)).find((l) => l.client_id === clientId);
  await detach(deps, user, agencyId, clientId);
  const email = (await deps.emailOf(user))?.email;
  // The detach stands whatever happens to the news: a lost notification is logged, never a failed request.
  await deps.announceDetached?.({
    agencyId,
    clientId,
    workspaceName: link?.name ?? email ?? 'A client workspace',
    ...(email ? { detachedBy: email } : {}),
    url: `${deps.siteUrl}${webPaths.settingsTeam}`,
  });
  return { plan: effectivePlan(await readPlanRecord(deps.doc, deps.tables.userPlans, clientId), nowOf(deps)).plan };
}
