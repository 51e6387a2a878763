import { campaignGeneratorRoutes as routes } from '@shared/function-routes/campaign-generator';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { s3Client } from '../lib/aws/s3';
import { bucketName } from '../lib/bucket-name';
import { on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { previews } from './ad-previews';
import { videoMedia } from './campaign-drafts';
import { deliveryEstimate, searchInterests } from './meta-targeting';
import { withMeta } from './route-deps';
import { uploadedVideos } from './video-uploads';

export const interestsRoute = on(
  routes.campaignGeneratorInterests,
  async ({ session, query }) => ({ data: await searchInterests(session, query.q, 10) }),
  withMeta(),
);

export const estimateRoute = on(
  routes.campaignGeneratorEstimate,
  ({ session, body }) => deliveryEstimate(session, body.adAccountId, body.optimizationGoal, body.targeting),
  withMeta(),
);

export const previewsRoute = on(
  routes.campaignGeneratorPreviews,
  // A video ad's video goes to the ad account to be previewed, remembered by its hash so publish names it again.
  ({ session, user, body }) =>
    previews(
      session,
      body.adAccountId,
      body.ad,
      body.formats,
      videoMedia(
        { s3: s3Client, bucket: bucketName('assets') },
        user.sub,
        uploadedVideos({ doc: dynamoDocumentClient(), table: tableName('graphicsItems') }, user.sub, () => new Date()),
      ),
    ),
  withMeta(),
);
