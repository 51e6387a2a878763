import { reportsRoutes as routes } from '@shared/function-routes/reports';
import { on } from '../lib/http/http-function';
import { metaSession } from '../lib/meta-session/meta-route';
import { logger } from '../lib/observability';
import { reportSources } from '../lib/reports/report-sources';
import { previewReport, reportPdf, type ReportsDeps } from './reports';
import { store } from './route-deps';

const deps = (): ReportsDeps => ({
  store: store(),
  sources: (workspaceId) => reportSources(workspaceId, (message, facts) => logger.warn(message, facts)),
  now: () => new Date(),
});

export const previewRoute = on(
  routes.reportPreview,
  ({ session, query }) => previewReport(session, query.cadence, deps()),
  metaSession(),
);
export const pdfRoute = on(
  routes.reportPdf,
  ({ session, query }) => reportPdf(session, query.cadence, deps()),
  metaSession(),
);
