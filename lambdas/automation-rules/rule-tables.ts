import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import type { RuleTable } from '../lib/rules/rule-store';
import { ruleQuota } from '../lib/rules/rule-quota';
import { tableName } from '../lib/table-name';

export const rules = (): RuleTable => ({ doc: dynamoDocumentClient(), table: tableName('automationRules') });
export const runs = (): RuleTable => ({ doc: dynamoDocumentClient(), table: tableName('ruleRuns') });
export const quota = () =>
  ruleQuota(
    { doc: dynamoDocumentClient(), table: tableName('quotaUsage') },
    { doc: dynamoDocumentClient(), table: tableName('userPlans') },
  );
