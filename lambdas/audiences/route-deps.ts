import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { bucketName } from '../lib/bucket-name';
import { metaConfig } from '../lib/meta-connection/meta-config';
import { sendJob } from '../lib/job-queue';
import { tableName } from '../lib/table-name';

/** What the audiences routes (route-*.ts, each loaded on its first request) are wired with. */
export const permissions = () => ({ doc: dynamoDocumentClient(), membershipsTable: tableName('workspaceMemberships') });
export const facebook = () => ({ facebookBaseUrl: metaConfig().META_DIALOG_BASE_URL });
export const hashes = () => ({ hashes: { s3: s3Client, bucket: bucketName('customerLists') } });
export const uploads = () => ({ s3: s3Client, bucket: bucketName('customerLists') });
export const asyncUploads = () => ({
  ...permissions(),
  uploads: uploads(),
  queue: (job: unknown) => sendJob('customerLists', job),
});
export const audit = () => ({ audit: { doc: dynamoDocumentClient(), table: tableName('campaignAudit') } });
