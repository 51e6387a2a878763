import { graphicsVideoRoutes as routes } from '@shared/function-routes/graphics-video';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import {
  acknowledgeVideoRender,
  listRecentVideoRenders,
  readVideoRender,
  startVideoRender,
  type StartVideoDeps,
} from '../lib/graphics-video/video-jobs';
import { on } from '../lib/http/http-function';
import { sendJob } from '../lib/job-queue';
import { consumeWorkspaceQuota, refundQuota } from '../lib/quota/plan-quota';
import { tableName } from '../lib/table-name';

const deps = (): StartVideoDeps => {
  const doc = dynamoDocumentClient();
  const counters = { doc, table: tableName('quotaUsage') };
  const plansTable = { doc, table: tableName('userPlans') };
  return {
    store: { doc, table: tableName('graphicsItems') },
    bucket: { s3: s3Client, bucket: bucketName('assets') },
    planOf: (user: string) => planOfUser(doc, tableName('userPlans'), user),
    now: () => new Date(),
    // A video counts like a graphics export (one a request): the plans have no separate video allowance.
    quota: {
      // An attached client workspace draws on its agency's pool (the grant names whose counter, for the refund).
      consume: (user) => consumeWorkspaceQuota(counters, plansTable, user, 'graphicsExportsPerMonth'),
      refund: (user, grant) => refundQuota(counters, user, grant),
    },
    enqueue: (message) => sendJob('videoRenders', message),
  };
};

// The video routes' schemas and logic, loaded by the first request (handler.ts).
export const renderVideoRoute = on(routes.graphicsRenderVideo, ({ user, params, body }) =>
  startVideoRender(deps(), user.sub, params.id, body),
);
export const videoRenderRoute = on(routes.graphicsVideoRender, ({ user, params }) =>
  readVideoRender(deps(), user.sub, params.id),
);
export const videoRendersRoute = on(routes.graphicsVideoRenders, ({ user }) =>
  listRecentVideoRenders(deps(), user.sub),
);
export const acknowledgeVideoRenderRoute = on(routes.graphicsAcknowledgeVideoRender, ({ user, params }) =>
  acknowledgeVideoRender(deps(), user.sub, params.id),
);
