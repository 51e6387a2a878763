import { describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDeclaration } from '@shared/routes';
import {
  isClientWorkspaceId,
  managesTeam,
  routeRefusal,
  WorkspaceIdSchema,
  type WorkspaceRole,
} from '@shared/workspace-roles';

/**
 * The roles' limits are decided from the routes table alone (issue 28, req 1 and 6): every route is listed here
 * with the client role's verdict, so a route added tomorrow is refused to clients until its author says
 * otherwise, and a change to what clients may do shows up as a change to this list.
 */
const all = Object.entries(routes as Record<string, RouteDeclaration>).filter(([, r]) => r.access === 'user');

/** What a read-only client may use: dashboards, reports, approvals, their own profile and their own reports. */
const CLIENT_MAY = [
  // Personal: their own profile, invitations and workspace list.
  'GET /api/me',
  'PATCH /api/me',
  'POST /api/team/accept',
  'GET /api/workspaces',
  // The overview of their own workspaces; setting targets is personal too, and the function refuses a client by
  // their role in the workspace named (tests/unit/lambdas/agency-overview).
  'GET /api/agency/overview',
  'PUT /api/agency/targets/{workspaceId}',
  // Their own acts: leaving, the web's click notifications and error reports.
  'POST /api/team/leave',
  'POST /api/notifications',
  'POST /api/notifications/batch',
  'POST /api/client-errors',
  // Dashboards.
  'GET /api/meta/connection',
  'GET /api/meta/ad-accounts',
  'GET /api/meta/ad-accounts/{id}/insights',
  'GET /api/meta/ad-accounts/{id}/campaigns',
  'GET /api/meta/campaigns/{id}/insights',
  'GET /api/meta/ad-accounts/{id}/performance',
  'GET /api/meta/campaigns/{id}/adsets',
  'GET /api/signals/ad-accounts/{id}/health',
  // Reports: the optimizer's applied changes and recommendations, the marketing-mix models.
  'GET /api/optimizer/ad-accounts/{id}/recommendations',
  'GET /api/optimizer/ad-accounts/{id}/applied',
  'GET /api/mmm/models',
  'GET /api/mmm/models/{id}',
  // The workspace's reports: a period's figures and PDF, the sends (not their settings).
  'GET /api/reports/preview',
  'GET /api/reports/pdf',
  'GET /api/reports/sends',
  // Approvals: the campaign plans they may be asked to approve.
  'GET /api/campaign-generator/drafts',
  'GET /api/campaign-generator/drafts/{id}',
  // Approvals sent to them (issue 28, req 3): read one, the list, and their answer.
  'GET /api/approvals',
  'GET /api/approvals/{id}',
  'POST /api/approvals/{id}/decision',
].sort();

const verdicts = (role: WorkspaceRole) =>
  all
    .filter(([, r]) => r.role !== 'operator')
    .filter(([, r]) => routeRefusal(role, r) === undefined)
    .map(([, r]) => routeKey(r))
    .sort();

describe('the client role across the routes table', () => {
  it('may use exactly the dashboards, reports, approvals and its own routes', () => {
    expect(verdicts('client')).toEqual(CLIENT_MAY);
  });

  it.each(all)('%s: the verdict follows the route’s declaration', (_name, route) => {
    const refusal = routeRefusal('client', route);
    if (route.workspace === 'personal') return expect(refusal).toBeUndefined();
    // Writes are refused unless the route declares them the client's own; never billing or the Meta connection.
    if (route.method !== 'GET' && route.clientRole !== 'answers') expect(refusal).toBe('CLIENT_READ_ONLY');
    if (route.workspace === 'owner') expect(refusal).toBe('CLIENT_READ_ONLY');
    if (!route.clientRole) expect(refusal).toBe('CLIENT_READ_ONLY');
  });

  it('never lets a client near settings, billing or the Meta connection', () => {
    const sensitive =
      /\/api\/(billing|meta\/oauth|agent|rule-settings|rules|graphics\/brand-kit|team(\/|$)|signals\/site-keys|ai\/)/;
    const reachable = verdicts('client').filter((key) => sensitive.test(key));
    expect(reachable).toEqual(['POST /api/team/accept', 'POST /api/team/leave']);
    expect(verdicts('client')).not.toContain('DELETE /api/meta/connection');
  });

  it('declares `reads` on GET routes only', () => {
    const readsNotGet = all.filter(([, r]) => r.clientRole === 'reads' && r.method !== 'GET').map(([n]) => n);
    expect(readsNotGet).toEqual([]);
  });
});

describe('the other roles', () => {
  it('owner: every route; admin: all but the owner’s (billing, the Meta connection itself); member: nor the admins’', () => {
    const keysOf = (scope: 'owner' | 'admins') =>
      all.filter(([, r]) => r.workspace === scope && r.role !== 'operator').map(([, r]) => routeKey(r));
    const ownerOnly = keysOf('owner');
    const adminsOnly = keysOf('admins');
    expect(ownerOnly.length).toBeGreaterThan(5);
    expect(verdicts('owner')).toHaveLength(all.filter(([, r]) => r.role !== 'operator').length);
    expect(verdicts('admin')).toEqual(verdicts('owner').filter((key) => !ownerOnly.includes(key)));
    expect(verdicts('member')).toEqual(
      verdicts('owner').filter((key) => !ownerOnly.includes(key) && !adminsOnly.includes(key)),
    );
    for (const role of ['admin', 'member'] as const)
      for (const [, r] of all.filter(([, d]) => d.workspace === 'owner'))
        expect(routeRefusal(role, r)).toBe('OWNER_ONLY');
    for (const [, r] of all.filter(([, d]) => d.workspace === 'admins'))
      expect(routeRefusal('member', r)).toBe('ADMINS_ONLY');
  });

  it('the customer-data upload audit: the owner and admins see it, a member or client does not (issue 30, req 4)', () => {
    const audit = routes.listCustomerUploads;
    expect(routeRefusal('owner', audit)).toBeUndefined();
    expect(routeRefusal('admin', audit)).toBeUndefined();
    expect(routeRefusal('member', audit)).toBe('ADMINS_ONLY');
    expect(routeRefusal('client', audit)).toBe('CLIENT_READ_ONLY');
    // Allowing a member to upload stays the owner's alone: customer data is theirs to share.
    expect(routeRefusal('admin', routes.setCustomerUploadPermission)).toBe('OWNER_ONLY');
  });

  it('the owner and admins manage the team; members and clients do not', () => {
    expect((['owner', 'admin', 'member', 'client'] as const).filter(managesTeam)).toEqual(['owner', 'admin']);
  });
});

describe('the workspace header', () => {
  it('takes a workspace id (a Cognito sub) and names the header in its refusal', () => {
    expect(WorkspaceIdSchema.parse('0b7c2a9e-1d3f-4e5a-9b8c-7d6e5f4a3b2c')).toBe(
      '0b7c2a9e-1d3f-4e5a-9b8c-7d6e5f4a3b2c',
    );
    for (const bad of ['', 'a b', '../x', 'x'.repeat(129), 'ws_1', 'ws_01ARZ3NDEKTSV4RRFFQ69G5FAI', 'ws_../x'])
      expect(WorkspaceIdSchema.safeParse(bad).success).toBe(false);
  });

  it('takes a client workspace id an agency created (ws_ and a ULID)', () => {
    expect(WorkspaceIdSchema.parse('ws_01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe('ws_01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(isClientWorkspaceId('ws_01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe(true);
    expect(isClientWorkspaceId('0b7c2a9e-1d3f-4e5a-9b8c-7d6e5f4a3b2c')).toBe(false);
  });
});
