import { agencyOverviewRoutes as routes } from '@shared/function-routes/agency-overview';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { graphForUser } from '../lib/meta-session/session';
import { tableName } from '../lib/table-name';
import { readOverview, setTargets, type OverviewDeps } from './overview';

function deps(): OverviewDeps {
  const doc = dynamoDocumentClient();
  return {
    doc,
    memberships: tableName('workspaceMemberships'),
    targets: { doc, table: tableName('clientTargets') },
    graphFor: (workspaceId) => graphForUser(workspaceId, metaRuntime()),
    now: () => new Date(),
  };
}

export const handler = httpFunction([
  on(routes.getAgencyOverview, ({ user }) => readOverview(user, deps())),
  on(routes.putClientTargets, ({ user, params, body }) => setTargets(user, params.workspaceId, body, deps())),
]);
