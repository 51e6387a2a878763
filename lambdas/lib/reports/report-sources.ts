import { aiRuntime } from '../ai/ai-runtime';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { s3Client } from '../aws/s3';
import { bucketName } from '../bucket-name';
import { readObject } from '../graphics/asset-objects';
import { getBrandKit } from '../graphics/graphics-store';
import { tableName } from '../table-name';
import { aiSummaryWriter } from './ai-summary-writer';
import { appliedChanges } from './report-changes';
import type { ReportSources } from './report-data';
import { reportLogoPng } from './report-logo';
import { newestMarketingMix } from './report-marketing-mix';

/**
 * Where a report's parts come from in a deployed function: the optimizer's rows for the changes applied, the graphics
 * brand kit for the colours and the logo (its PNG or SVG from the assets bucket, drawn as PNG), the newest fitted marketing-mix model, and
 * the AI engine for the written summary (checked number by number; the template summary when it fails).
 */
const LOGO_TYPES = new Set(['image/png', 'image/svg+xml']);

export function reportSources(workspaceId: string, log: ReportSources['log']): ReportSources {
  const doc = dynamoDocumentClient();
  const kit = () => getBrandKit({ doc, table: tableName('graphicsItems') }, workspaceId);
  /** The logo's object, when it is a PNG or an SVG of this workspace's own assets (an SVG is drawn as PNG). */
  const logoObject = async () => {
    const logo = (await kit())?.logo;
    return logo?.kind === 'asset' && LOGO_TYPES.has(logo.mimeType) && logo.key.startsWith(`users/${workspaceId}/`)
      ? { key: logo.key, mimeType: logo.mimeType }
      : null;
  };
  return {
    changes: (adAccountId, period) =>
      appliedChanges({ doc, table: tableName('optimizerRecommendations') }, workspaceId, adAccountId, period),
    brand: async () => ({ colours: (await kit())?.colours ?? [], hasLogo: (await logoObject()) !== null }),
    logo: async () => {
      const object = await logoObject();
      if (!object) return null;
      const bytes = await readObject({ s3: s3Client, bucket: bucketName('assets') }, object.key);
      return bytes ? reportLogoPng(bytes, object.mimeType) : null;
    },
    marketingMix: () => newestMarketingMix({ doc, models: tableName('mmmModels') }, workspaceId),
    writer: aiSummaryWriter({ runtime: aiRuntime, ...(log ? { log } : {}) }),
    ...(log ? { log } : {}),
  };
}
