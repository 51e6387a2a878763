import { aiConfig, aiRuntime } from '../ai/ai-runtime';
import { aiGenerationQuota } from '../ai/generation-quota-tables';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { logger, metrics } from '../observability';
import { edgeMetaDeps } from '../streaming/edge-meta-deps';
import { tableName } from '../table-name';
import type { AgentToolWiring } from './agent-context';
import { openWorkspaceSession } from './workspace-session';

const table = (key: Parameters<typeof tableName>[0]) => ({ doc: dynamoDocumentClient(), table: tableName(key) });

/**
 * The tools' tables and services, wired once for both ways in: the agent's chat stream (lambdas/agent) and its MCP
 * server (lambdas/mcp), whose grants in shared/functions.ts are the same for these tables.
 */
export function agentToolWiring(): AgentToolWiring {
  return {
    now: () => new Date(),
    session: (workspaceId) => openWorkspaceSession(workspaceId, edgeMetaDeps()),
    recommendations: table('optimizerRecommendations'),
    rules: table('automationRules'),
    ruleRuns: table('ruleRuns'),
    // Models are listed only: the datasets table is not among either function's grants.
    mmm: { doc: dynamoDocumentClient(), models: tableName('mmmModels'), datasets: '' },
    audit: table('campaignAudit'),
    adTests: table('adOptimizerTests'),
    adCopy: {
      runtime: aiRuntime,
      quota: aiGenerationQuota(),
      limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
      metrics,
      log: (message, facts) => logger.info(message, facts),
    },
  };
}
