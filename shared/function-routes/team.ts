import {
  AcceptInvitationBodySchema,
  AttachClientBodySchema,
  ClientParamsSchema,
  ClientWorkspacesSchema,
  CreateClientWorkspaceBodySchema,
  LeftAgencyPlanSchema,
  InvitationCreatedSchema,
  InvitationParamsSchema,
  InviteBodySchema,
  MemberParamsSchema,
  TeamSchema,
  WorkspaceChoiceSchema,
  WorkspacesSchema,
} from '../schemas/team';
import { route } from '../route-declaration';

/** The routes `team` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const teamRoutes = {
  // Team: a workspace's members and invitations (lambdas/team), in the workspace the request works in; the role
  // checks beyond the routes table's (who may manage the team) are the function's.
  getTeam: route({
    method: 'GET',
    path: '/api/team',
    fn: 'team',
    access: 'user',
    response: TeamSchema,
  }),
  inviteTeammate: route({
    method: 'POST',
    path: '/api/team/invitations',
    fn: 'team',
    access: 'user',
    body: InviteBodySchema,
    response: InvitationCreatedSchema,
    successStatus: 201,
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/api/team/invitations/{id}',
    fn: 'team',
    access: 'user',
    params: InvitationParamsSchema,
    response: TeamSchema,
  }),
  removeTeammate: route({
    method: 'DELETE',
    path: '/api/team/members/{userId}',
    fn: 'team',
    access: 'user',
    params: MemberParamsSchema,
    response: TeamSchema,
  }),
  leaveTeam: route({
    method: 'POST',
    path: '/api/team/leave',
    fn: 'team',
    access: 'user',
    // Leaving is the person's own act, open to a client too.
    clientRole: 'answers',
    response: TeamSchema,
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/api/team/accept',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    body: AcceptInvitationBodySchema,
    response: TeamSchema,
  }),
  // The workspaces the person can switch between (their own and those they were invited into), and which one
  // this request resolved to. Personal: it resolves the named workspace itself, falling back to the default.
  listWorkspaces: route({
    method: 'GET',
    path: '/api/workspaces',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    response: WorkspacesSchema,
  }),
  // An agency's owner or admin creates a client workspace (issue 28, req 1), in the agency workspace the request
  // works in: billed to it, no subscription of its own; the creator works in it as its admin.
  createClientWorkspace: route({
    method: 'POST',
    path: '/api/workspaces',
    fn: 'team',
    access: 'user',
    body: CreateClientWorkspaceBodySchema,
    response: WorkspaceChoiceSchema,
    successStatus: 201,
  }),
  // The client workspaces the agency workspace the request works in pays for, and the caller's workspaces that could
  // be attached (issue 28, req 1). The agency's owner or admin only; attach and detach check the client side too.
  listClientWorkspaces: route({
    method: 'GET',
    path: '/api/workspaces/clients',
    fn: 'team',
    access: 'user',
    workspace: 'admins',
    response: ClientWorkspacesSchema,
  }),
  attachClientWorkspace: route({
    method: 'POST',
    path: '/api/workspaces/clients',
    fn: 'team',
    access: 'user',
    workspace: 'admins',
    body: AttachClientBodySchema,
    response: ClientWorkspacesSchema,
  }),
  detachClientWorkspace: route({
    method: 'DELETE',
    path: '/api/workspaces/clients/{workspaceId}',
    fn: 'team',
    access: 'user',
    workspace: 'admins',
    params: ClientParamsSchema,
    response: ClientWorkspacesSchema,
  }),
  // A client workspace's owner takes it off the agency's plan that pays for it (issue 28, req 1): the workspace the
  // request works in, its owner only.
  leaveAgencyPlan: route({
    method: 'POST',
    path: '/api/workspaces/agency-plan/leave',
    fn: 'team',
    access: 'user',
    workspace: 'owner',
    response: LeftAgencyPlanSchema,
  }),
} as const;
