import { httpFunction, onFirstUse } from '../lib/http/http-function';

// Each group of routes loads with its first request, not at init (issue 23 req 15).
const team = () => import('./route-team');
const clients = () => import('./route-clients');

export const handler = httpFunction([
  onFirstUse('GET /api/team', async () => (await team()).getTeamRoute),
  onFirstUse('POST /api/team/invitations', async () => (await team()).inviteRoute),
  onFirstUse('DELETE /api/team/invitations/{id}', async () => (await team()).revokeInvitationRoute),
  onFirstUse('DELETE /api/team/members/{userId}', async () => (await team()).removeTeammateRoute),
  onFirstUse('POST /api/team/leave', async () => (await team()).leaveTeamRoute),
  onFirstUse('POST /api/team/accept', async () => (await team()).acceptInvitationRoute),
  onFirstUse('GET /api/workspaces', async () => (await team()).listWorkspacesRoute),
  onFirstUse('POST /api/workspaces', async () => (await team()).createClientWorkspaceRoute),
  onFirstUse('GET /api/workspaces/clients', async () => (await clients()).listClientWorkspacesRoute),
  onFirstUse('POST /api/workspaces/clients', async () => (await clients()).attachClientWorkspaceRoute),
  onFirstUse('DELETE /api/workspaces/clients/{workspaceId}', async () => (await clients()).detachClientWorkspaceRoute),
  onFirstUse('POST /api/workspaces/agency-plan/leave', async () => (await clients()).leaveAgencyPlanRoute),
]);
