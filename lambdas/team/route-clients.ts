import { teamRoutes as routes } from '@shared/function-routes/team';
import { on } from '../lib/http/http-function';
import {
  attachClientWorkspace,
  detachClientWorkspace,
  leaveAgencyPlan,
  listClientWorkspaces,
} from './client-workspaces';
import { deps } from './team-deps';

// An agency's client workspaces.
export const listClientWorkspacesRoute = on(routes.listClientWorkspaces, ({ user }) =>
  listClientWorkspaces(user, deps()),
);
export const attachClientWorkspaceRoute = on(routes.attachClientWorkspace, ({ user, body }) =>
  attachClientWorkspace(user, body.workspaceId, deps()),
);
export const detachClientWorkspaceRoute = on(routes.detachClientWorkspace, ({ user, params }) =>
  detachClientWorkspace(user, params.workspaceId, deps()),
);
export const leaveAgencyPlanRoute = on(routes.leaveAgencyPlan, ({ user }) => leaveAgencyPlan(user, deps()));
