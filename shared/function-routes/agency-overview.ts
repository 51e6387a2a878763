import { AgencyOverviewSchema, ClientTargetsParamsSchema, ClientTargetsSchema } from '../schemas/agency-overview';
import { route } from '../route-declaration';

/** The routes `agency-overview` serves (its part of the routes table, shared/routes.ts). */
export const agencyOverviewRoutes = {
  // Every workspace the person belongs to, read from their own memberships (never from the request), each with its
  // month so far against its targets. Personal: it spans workspaces, so it resolves none from the header.
  getAgencyOverview: route({
    method: 'GET',
    path: '/api/agency/overview',
    fn: 'agency-overview',
    access: 'user',
    workspace: 'personal',
    response: AgencyOverviewSchema,
  }),
  // A client's targets, set by an owner or admin of that workspace (checked by the function against the caller's
  // own membership of the workspace in the path).
  putClientTargets: route({
    method: 'PUT',
    path: '/api/agency/targets/{workspaceId}',
    fn: 'agency-overview',
    access: 'user',
    workspace: 'personal',
    params: ClientTargetsParamsSchema,
    body: ClientTargetsSchema,
    response: ClientTargetsSchema,
  }),
} as const;
