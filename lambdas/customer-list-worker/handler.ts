import { CustomerListJobSchema } from '@shared/schemas/audiences';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { bucketName } from '../lib/bucket-name';
import { queueFunction } from '../lib/http/queue-function';
import { metaConfig } from '../lib/meta-connection/meta-config';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { graphForUser } from '../lib/meta-session/session';
import { tableName } from '../lib/table-name';
import { processCustomerListJob } from './process-upload';

/**
 * Drains the customer-lists queue (batch size 1): each message is one large customer list waiting in the bucket.
 * Failures are recorded on the upload (and the file and half-made audience deleted) rather than retried.
 */
export const handler = queueFunction(
  CustomerListJobSchema,
  ({ body }) => {
    const bucket = { s3: s3Client, bucket: bucketName('customerLists') };
    return processCustomerListJob(body, {
      uploads: bucket,
      hashes: bucket,
      audit: { doc: dynamoDocumentClient(), table: tableName('campaignAudit') },
      graphFor: (workspaceId) => graphForUser(workspaceId, metaRuntime()),
      facebookBaseUrl: metaConfig().META_DIALOG_BASE_URL,
      now: () => new Date(),
    });
  },
  { malformed: 'drop' },
);
