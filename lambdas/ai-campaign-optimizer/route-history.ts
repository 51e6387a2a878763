import { aiCampaignOptimizerRoutes as routes } from '@shared/function-routes/ai-campaign-optimizer';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { on } from '../lib/http/http-function';
import { tableName } from '../lib/table-name';
import { listAdCopy, saveAdCopy } from './ad-copy-history';

const history = () => ({ doc: dynamoDocumentClient(), table: tableName('adCopyHistory') });

// The saved ad copy: its table only, none of the AI code.
export const adCopyHistoryRoute = on(routes.aiAdCopyHistory, ({ user, query }) =>
  listAdCopy(history(), user.sub, query),
);
export const saveAdCopyRoute = on(routes.aiSaveAdCopy, ({ user, body }) => saveAdCopy(history(), user.sub, body));
