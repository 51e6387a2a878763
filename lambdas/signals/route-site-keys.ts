import { signalsRoutes as routes } from '@shared/function-routes/signals';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { tableName } from '../lib/table-name';
import { createSiteKey, listSiteKeys, revokeSiteKey } from './site-keys';

const siteKeys = () => ({ doc: dynamoDocumentClient(), table: tableName('signalSiteKeys') });

// The first-party endpoint's site keys.
export const siteKeysRoute = on(routes.signalsSiteKeys, ({ user }) => listSiteKeys(siteKeys(), user.sub));
export const createSiteKeyRoute = on(
  routes.signalsCreateSiteKey,
  ({ session, body }) => createSiteKey(session, siteKeys(), body),
  metaSession(),
);
export const revokeSiteKeyRoute = on(routes.signalsRevokeSiteKey, ({ user, params }) =>
  revokeSiteKey(siteKeys(), user.sub, params.keyId, new Date()),
);
