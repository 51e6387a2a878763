import { dynamoDocumentClient } from '../aws/dynamodb';
import { s3Client } from '../aws/s3';
import { bucketName } from '../bucket-name';
import { readObject } from '../graphics/asset-objects';
import { getBrandKit } from '../graphics/graphics-store';
import { tableName } from '../table-name';
import { appliedChanges } from './report-changes';
import type { ReportSources } from './report-data';
import { newestMarketingMix } from './report-marketing-mix';

/**
 * Where a report's parts come from in a deployed function: the optimizer's rows for the changes applied, the graphics
 * brand kit for the colours and the logo (its PNG from the assets bucket), the newest fitted marketing-mix model. The
 * summary is the template one (no AI writer wired yet).
 */
export function reportSources(workspaceId: string, log: ReportSources['log']): ReportSources {
  const doc = dynamoDocumentClient();
  const kit = () => getBrandKit({ doc, table: tableName('graphicsItems') }, workspaceId);
  /** The logo's object, when it is a PNG of this workspace's own assets (pdfkit draws PNG and JPEG, not SVG). */
  const logoKey = async () => {
    const logo = (await kit())?.logo;
    return logo?.kind === 'asset' && logo.mimeType === 'image/png' && logo.key.startsWith(`users/${workspaceId}/`)
      ? logo.key
      : null;
  };
  return {
    changes: (adAccountId, period) =>
      appliedChanges({ doc, table: tableName('optimizerRecommendations') }, workspaceId, adAccountId, period),
    brand: async () => ({ colours: (await kit())?.colours ?? [], hasLogo: (await logoKey()) !== null }),
    logo: async () => {
      const key = await logoKey();
      return key ? readObject({ s3: s3Client(), bucket: bucketName('assets') }, key) : null;
    },
    marketingMix: () => newestMarketingMix({ doc, models: tableName('mmmModels') }, workspaceId),
    ...(log ? { log } : {}),
  };
}
