import { teamRoutes as routes } from '@shared/function-routes/team';
import { on } from '../lib/http/http-function';
import { requestedWorkspace } from '../lib/team/requested-workspace';
import {
  acceptInvitation,
  createClientWorkspace,
  invite,
  leaveTeam,
  listWorkspaces,
  readTeam,
  removeMember,
  revokeInvitation,
} from './team';
import { deps } from './team-deps';

// The team, its invitations and the workspaces a person works in.
export const getTeamRoute = on(routes.getTeam, ({ user }) => readTeam(user, deps()));
export const inviteRoute = on(routes.inviteTeammate, ({ user, body }) => invite(user, body, deps()));
export const revokeInvitationRoute = on(routes.revokeInvitation, ({ user, params }) =>
  revokeInvitation(user, params.id, deps()),
);
export const removeTeammateRoute = on(routes.removeTeammate, ({ user, params }) =>
  removeMember(user, params.userId, deps()),
);
export const leaveTeamRoute = on(routes.leaveTeam, ({ user }) => leaveTeam(user, deps()));
export const acceptInvitationRoute = on(routes.acceptInvitation, ({ user, body }) =>
  acceptInvitation(user, body.token, deps()),
);
export const createClientWorkspaceRoute = on(routes.createClientWorkspace, ({ user, body }) =>
  createClientWorkspace(user, body, deps()),
);
export const listWorkspacesRoute = on(routes.listWorkspaces, ({ user, event }) =>
  listWorkspaces(user, requestedWorkspace(event.headers), deps()),
);
