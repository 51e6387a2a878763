import {
  AcceptInvitationBodySchema,
  InvitationCreatedSchema,
  InvitationParamsSchema,
  InviteBodySchema,
  MemberParamsSchema,
  TeamSchema,
} from '../schemas/team';
import { route } from '../route-declaration';

/** The routes `team` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const teamRoutes = {
  // Team: a workspace's members and invitations (lambdas/team). Personal: the routes resolve the workspace themselves.
  getTeam: route({
    method: 'GET',
    path: '/api/team',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    response: TeamSchema,
  }),
  inviteTeammate: route({
    method: 'POST',
    path: '/api/team/invitations',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    body: InviteBodySchema,
    response: InvitationCreatedSchema,
    successStatus: 201,
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/api/team/invitations/{id}',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    params: InvitationParamsSchema,
    response: TeamSchema,
  }),
  removeTeammate: route({
    method: 'DELETE',
    path: '/api/team/members/{userId}',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
    params: MemberParamsSchema,
    response: TeamSchema,
  }),
  leaveTeam: route({
    method: 'POST',
    path: '/api/team/leave',
    fn: 'team',
    access: 'user',
    workspace: 'personal',
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
} as const;
