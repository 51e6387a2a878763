import { dynamoDocumentClient } from '../aws/dynamodb';
import { getBrandKit } from '../graphics/graphics-store';
import { tableName } from '../table-name';
import { appliedChanges } from './report-changes';
import type { ReportSources } from './report-data';

/**
 * Where a report's parts come from in a deployed function: the optimizer's rows for the changes applied, the graphics
 * brand kit for the colours. The summary is the template one (no AI writer wired yet).
 */
export function reportSources(workspaceId: string, log: ReportSources['log']): ReportSources {
  const doc = dynamoDocumentClient();
  return {
    changes: (adAccountId, period) =>
      appliedChanges({ doc, table: tableName('optimizerRecommendations') }, workspaceId, adAccountId, period),
    brand: async () => {
      const kit = await getBrandKit({ doc, table: tableName('graphicsItems') }, workspaceId);
      // The logo is not drawn yet (its bytes are in S3): the header shows the colours and the sender's name.
      return { colours: kit?.colours ?? [], hasLogo: false };
    },
    ...(log ? { log } : {}),
  };
}
