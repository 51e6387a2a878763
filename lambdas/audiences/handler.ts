import { audiencesRoutes as routes } from '@shared/function-routes/audiences';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { bucketName } from '../lib/bucket-name';
import { httpFunction, on } from '../lib/http/http-function';
import { metaConfig } from '../lib/meta-connection/meta-config';
import { metaSession } from '../lib/meta-session/meta-route';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { graphForUser } from '../lib/meta-session/session';
import { tableName } from '../lib/table-name';
import { sendJob } from '../lib/job-queue';
import { refreshCustomerList } from './customer-list-refresh';
import {
  customerListUploadProgress,
  processCustomerListUpload,
  startCustomerListRefresh,
  startCustomerListUpload,
} from './customer-list-async';
import { createCustomerList } from './customer-list-upload';
import { listCustomerUploads } from '../lib/customer-lists/customer-upload-audit';
import { setCustomerUploadPermission } from './customer-upload-permission';
import { listAudiences } from './read-audiences';
import { createEngagementAudience, createLookalike, createWebsiteAudience, deleteAudience } from './rule-audiences';

const permissions = () => ({ doc: dynamoDocumentClient(), membershipsTable: tableName('workspaceMemberships') });
const facebook = () => ({ facebookBaseUrl: metaConfig().META_DIALOG_BASE_URL });
const hashes = () => ({ hashes: { s3: s3Client, bucket: bucketName('customerLists') } });
const uploads = () => ({ s3: s3Client, bucket: bucketName('customerLists') });
const asyncUploads = () => ({
  ...permissions(),
  uploads: uploads(),
  queue: (job: unknown) => sendJob('customerLists', job),
});
const audit = () => ({ audit: { doc: dynamoDocumentClient(), table: tableName('campaignAudit') } });

export const handler = httpFunction([
  on(
    routes.listAudiences,
    ({ session, params }) => listAudiences(session, params.id, { ...permissions(), ...facebook() }),
    metaSession(),
  ),
  on(
    routes.createCustomerListAudience,
    ({ session, params, body }) =>
      createCustomerList(session, params.id, body, { ...permissions(), ...facebook(), ...hashes(), ...audit() }),
    metaSession(),
  ),
  on(
    routes.startCustomerListUpload,
    ({ session, params, body }) => startCustomerListUpload(session, params.id, body, asyncUploads()),
    metaSession(),
  ),
  on(
    routes.startCustomerListRefresh,
    ({ session, params, body }) =>
      startCustomerListRefresh(session, params.id, params.audienceId, body, asyncUploads()),
    metaSession(),
  ),
  on(routes.processCustomerListUpload, ({ user, params }) =>
    processCustomerListUpload(user, params.id, params.uploadId, asyncUploads()),
  ),
  on(routes.customerListUploadProgress, ({ user, params }) =>
    customerListUploadProgress(user, params.id, params.uploadId, {
      uploads: uploads(),
      ...audit(),
      graphFor: () => graphForUser(user.sub, metaRuntime()),
    }),
  ),
  on(
    routes.refreshCustomerListAudience,
    ({ session, params, body }) =>
      refreshCustomerList(session, params.id, params.audienceId, body, {
        ...permissions(),
        ...hashes(),
        ...audit(),
      }),
    metaSession(),
  ),
  on(
    routes.createWebsiteAudience,
    ({ session, params, body }) => createWebsiteAudience(session, params.id, body),
    metaSession(),
  ),
  on(
    routes.createEngagementAudience,
    ({ session, params, body }) => createEngagementAudience(session, params.id, body),
    metaSession(),
  ),
  on(
    routes.createLookalikeAudience,
    ({ session, params, body }) => createLookalike(session, params.id, body),
    metaSession(),
  ),
  on(
    routes.deleteAudience,
    ({ session, params }) => deleteAudience(session, params.id, params.audienceId, hashes()),
    metaSession(),
  ),
  on(routes.setCustomerUploadPermission, ({ user, params, body }) =>
    setCustomerUploadPermission(user, params.memberId, body.allowed, permissions()),
  ),
  on(routes.listCustomerUploads, async ({ user }) => ({ items: await listCustomerUploads(audit().audit, user.sub) })),
]);
