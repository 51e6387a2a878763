import { campaignGeneratorRoutes as routes } from '@shared/function-routes/campaign-generator';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { bucketName } from '../lib/bucket-name';
import { on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { publishDraft } from './campaign-drafts';
import { drafts, log, withMeta } from './route-deps';

export const publishRoute = on(
  routes.campaignGeneratorPublish,
  ({ session, user, params, body }) =>
    publishDraft(session, params.id, body.publishKey, {
      drafts: drafts(),
      assets: { s3: s3Client, bucket: bucketName('assets') },
      graphics: { doc: dynamoDocumentClient(), table: tableName('graphicsItems') },
      approvals: { doc: dynamoDocumentClient(), table: tableName('approvals') },
      ...(user.email ? { userEmail: user.email } : {}),
      log,
    }),
  withMeta(),
);
