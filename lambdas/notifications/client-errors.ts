import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import type { Logger } from '@aws-lambda-powertools/logger';
import type * as z from 'zod';
import type { ClientErrorReportSchema } from '@shared/schemas/notifications';
import type { RequestUser } from '../lib/http/request-user';

/**
 * Records a browser error as one structured log line (level by severity) and a
 * `ClientErrors` metric by code: what the "errors by code" query and the
 * dashboard's client-errors widget read. The user is named by id only.
 */
export function recordClientError(
  report: z.infer<typeof ClientErrorReportSchema>,
  user: RequestUser,
  deps: { logger: Logger; metrics: Metrics },
): { recorded: true } {
  const fields = {
    clientError: {
      code: report.code,
      severity: report.severity,
      message: report.message,
      component: report.context.component,
      url: report.context.url,
      userAgent: report.context.userAgent,
      stack: report.context.stack,
      occurredAt: report.timestamp,
    },
    errorCode: report.code,
    userId: user.sub,
  };
  if (report.severity === 'info') deps.logger.warn('Client error', fields);
  else deps.logger.error('Client error', fields);
  const metric = deps.metrics.singleMetric();
  metric.addDimension('code', report.code.slice(0, 100));
  metric.addMetric('ClientErrors', MetricUnit.Count, 1);
  return { recorded: true };
}
