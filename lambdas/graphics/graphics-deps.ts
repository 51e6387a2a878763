import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { planOfUser } from '../lib/billing/plan-record';
import { bucketName } from '../lib/bucket-name';
import type { GraphicsDeps } from '../lib/graphics/asset-uploads';
import { sweepStragglers } from '../lib/graphics/pending-objects';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';

export const deps = (): GraphicsDeps => ({
  store: { doc: dynamoDocumentClient(), table: tableName('graphicsItems') },
  bucket: { s3: s3Client, bucket: bucketName('assets') },
  planOf: (userId) => planOfUser(dynamoDocumentClient(), tableName('userPlans'), userId),
  now: () => new Date(),
  log: (message, facts) => logger.info(message, facts),
});

/** Settles what requests that died half-way left (pending-objects.ts); housekeeping never fails the read. */
export const sweep = (d: GraphicsDeps, userId: string) =>
  sweepStragglers(d, userId).catch((error: unknown) =>
    logger.warn('Straggler sweep failed', { error: error instanceof Error ? error.message : String(error) }),
  );
