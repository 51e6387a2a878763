import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import type { MmmTables } from '../lib/mmm/mmm-store';
import { takeToken } from '../lib/rate-limit/user-token-bucket';
import { readSecret } from '../lib/secrets';
import { tableName } from '../lib/table-name';
import type { ShareDeps } from './shares';

export const tables = (): MmmTables => ({
  doc: dynamoDocumentClient(),
  datasets: tableName('mmmDatasets'),
  models: tableName('mmmModels'),
});

export const shareDeps = (): ShareDeps => ({
  mmm: tables(),
  shares: { doc: dynamoDocumentClient(), table: tableName('mmmShares') },
  key: async () => (await readSecret('mmmShareKey')).key,
  takeToken: (key, rule) => takeToken({ doc: dynamoDocumentClient(), table: tableName('rateLimitBuckets') }, key, rule),
});
