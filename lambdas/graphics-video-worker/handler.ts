import { functionDeclaration } from '@shared/functions';
import { VideoRenderMessageSchema } from '@shared/schemas/graphics-video';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import { runVideoRender } from '../lib/graphics-video/video-jobs';
import { queueFunction } from '../lib/http/queue-function';
import { logger } from '../lib/observability';
import { refundQuota } from '../lib/quota/plan-quota';
import { tableName } from '../lib/table-name';
import { renderDesignVideo } from '../lib/video-render/render-design-video';

const timeoutMs = (functionDeclaration('graphics-video-worker').timeoutSeconds ?? 10) * 1000;

/**
 * Drains the video-renders queue (batch size 1): each message is one video to render. A malformed message is dropped
 * (our own producer; retrying cannot fix it). A render that fails marks its job failed with the reason and gives the
 * export back; only a failure to read or write the job itself goes back to SQS.
 */
export const handler = queueFunction(
  VideoRenderMessageSchema,
  ({ body }) => {
    const doc = dynamoDocumentClient();
    return runVideoRender(
      {
        store: { doc, table: tableName('graphicsItems') },
        bucket: { s3: s3Client, bucket: bucketName('assets') },
        planOf: (user: string) => planOfUser(doc, tableName('userPlans'), user),
        now: () => new Date(),
        refund: (user, grant) => refundQuota({ doc, table: tableName('quotaUsage') }, user, grant),
        render: (design, assets, options) => renderDesignVideo(design, assets, options),
        log: (message, facts) => logger.info(message, facts),
        timeoutMs,
      },
      body,
    );
  },
  { malformed: 'drop' },
);
