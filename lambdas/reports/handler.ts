import { reportsRoutes as routes } from '@shared/function-routes/reports';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { logger } from '../lib/observability';
import { reportSources } from '../lib/reports/report-sources';
import { tableName } from '../lib/table-name';
import { getSettings, listSends, previewReport, reportPdf, saveSettings, type ReportsDeps } from './reports';

const deps = (): ReportsDeps => ({
  store: { doc: dynamoDocumentClient(), table: tableName('reports') },
  sources: (workspaceId) => reportSources(workspaceId, (message, facts) => logger.warn(message, facts)),
  now: () => new Date(),
});

export const handler = httpFunction([
  on(routes.reportSettings, ({ user }) => getSettings(user.sub, deps())),
  on(routes.reportUpdateSettings, ({ user, body }) => saveSettings(user.sub, body, deps())),
  on(routes.reportPreview, ({ session, query }) => previewReport(session, query.cadence, deps()), metaSession()),
  on(routes.reportPdf, ({ session, query }) => reportPdf(session, query.cadence, deps()), metaSession()),
  on(routes.reportSends, ({ user }) => listSends(user.sub, deps())),
]);
