import { dynamoDocumentClient } from '../aws/dynamodb';
import { tableName } from '../table-name';
import type { GenerationQuota } from './generation-quota';

/** The tables an AI generation is counted in (the plan's daily generations and the tokens used). */
export const aiGenerationQuota = (): GenerationQuota => ({
  counters: { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
  plans: { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  tokens: { doc: dynamoDocumentClient(), table: tableName('aiUsage') },
});
