import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { signalsIntakeRoutes as routes } from '@shared/function-routes/signals-intake';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { httpFunction, on } from '../lib/http/http-function';
import { clientAddress } from '../lib/http/client-address';
import { metrics } from '../lib/observability';
import { sendJob } from '../lib/job-queue';
import { tableName } from '../lib/table-name';
import { acceptSiteEvents } from './accept-site-events';

/**
 * The first-party Conversions API endpoint: public, each request carries its site key. A browser's request (the
 * snippet: it names its origin) lends the event its viewer's address; a server's request does not, since its
 * address is the server's.
 */
export const handler = httpFunction([
  on(routes.signalsSendEvents, ({ body, event }) =>
    acceptSiteEvents(
      body,
      {
        ...(event.headers.origin && {
          browserAddress: clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']),
        }),
        ...(event.headers['user-agent'] && event.headers.origin && { userAgent: event.headers['user-agent'] }),
      },
      {
        keys: { doc: dynamoDocumentClient(), table: tableName('signalSiteKeys') },
        deliveries: { doc: dynamoDocumentClient(), table: tableName('signalDeliveries') },
        queue: (job) => sendJob('signalDeliveries', job),
        now: () => new Date(),
      },
    ).then((counts) => {
      metrics.addMetric('SignalEventsAccepted', MetricUnit.Count, counts.accepted);
      metrics.addMetric('SignalEventsDuplicate', MetricUnit.Count, counts.duplicates);
      return counts;
    }),
  ),
]);
