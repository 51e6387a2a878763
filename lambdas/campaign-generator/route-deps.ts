import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { metaSession } from '../lib/meta-session/meta-route';
import { logger } from '../lib/observability';
import { tableName } from '../lib/table-name';

/** What the campaign generator's routes (route-*.ts, each loaded on its first request) are wired with. */
export const log = (message: string, facts: Record<string, unknown>) => logger.info(message, facts);
export const drafts = () => ({ doc: dynamoDocumentClient(), table: tableName('campaignDrafts') });
export const languageStore = () => ({
  doc: dynamoDocumentClient(),
  table: tableName('graphicsItems'),
  audit: tableName('campaignAudit'),
});
// A generation is budgeted by the plan's daily generations, and this function has no Meta request budget table.
export const withMeta = () => metaSession({ requestBudget: false });
