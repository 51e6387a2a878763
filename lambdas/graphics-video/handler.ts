import { graphicsVideoRoutes as routes } from '@shared/function-routes/graphics-video';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import { renderVideo, type VideoDeps } from '../lib/graphics-video/render-video';
import { httpFunction, on } from '../lib/http/http-function';
import { logger } from '../lib/observability';
import { consumeWorkspaceQuota, refundQuota } from '../lib/quota/plan-quota';
import { tableName } from '../lib/table-name';
import { renderDesignVideo } from '../lib/video-render/render-design-video';

const deps = (): VideoDeps => {
  const doc = dynamoDocumentClient();
  const planOf = (user: string) => planOfUser(doc, tableName('userPlans'), user);
  const counters = { doc, table: tableName('quotaUsage') };
  const plansTable = { doc, table: tableName('userPlans') };
  return {
    store: { doc, table: tableName('graphicsItems') },
    bucket: { s3: s3Client(), bucket: bucketName('assets') },
    planOf,
    now: () => new Date(),
    // A video counts like a graphics export (one a request): the plans have no separate video allowance.
    quota: {
      // An attached client workspace draws on its agency's pool (the grant names whose counter, for the refund).
      consume: (user) => consumeWorkspaceQuota(counters, plansTable, user, 'graphicsExportsPerMonth'),
      refund: (user, grant) => refundQuota(counters, user, grant),
    },
    render: (design, assets, options) => renderDesignVideo(design, assets, options),
    log: (message, facts) => logger.info(message, facts),
  };
};

export const handler = httpFunction([
  on(routes.graphicsRenderVideo, ({ user, params, body }) => renderVideo(deps(), user.sub, params.id, body)),
]);
