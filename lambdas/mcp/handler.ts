import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { aiConfig, aiRuntime } from '../lib/ai/ai-runtime';
import { openWorkspaceSession } from '../lib/agent/workspace-session';
import { clientAddress } from '../lib/http/client-address';
import { countRequestOutcome, instrumented } from '../lib/http/instrumentation';
import { assertThroughCloudFront } from '../lib/http/origin-check';
import { errorReply } from '../lib/http/replies';
import { logger, metrics } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { edgeMetaDeps } from '../lib/streaming/edge-meta-deps';
import { tableName } from '../lib/table-name';
import { AppError } from '../lib/errors';
import { workspaceOf } from '../lib/team/workspace';
import { serveMcp } from './serve-mcp';

const table = (key: Parameters<typeof tableName>[0]) => ({ doc: dynamoDocumentClient(), table: tableName(key) });

const generationQuota = () => ({
  counters: table('quotaUsage'),
  plans: table('userPlans'),
  tokens: table('aiUsage'),
});

const dispatch = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  // Only CloudFront's requests are served (see origin-check), before anything else reads the request.
  await assertThroughCloudFront(event.headers);
  const body =
    event.body !== undefined && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return serveMcp(
    {
      method: event.requestContext.http.method,
      headers: event.headers,
      body,
      ip: clientAddress(event.requestContext.http.sourceIp, event.headers['x-forwarded-for']),
    },
    {
      tokens: table('agentAccessTokens'),
      // The person's place in the token's workspace now (any of theirs, not only their default); a client-role seat
      // gets no token access, an admin a member's.
      workspaceOf: async (person, workspaceId) => {
        const workspace = await workspaceOf(
          dynamoDocumentClient(),
          tableName('workspaceMemberships'),
          person,
          workspaceId,
        ).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'WORKSPACE_FORBIDDEN') return undefined;
          throw error;
        });
        if (!workspace || workspace.role === 'client') return undefined;
        return { id: workspace.id, role: workspace.role === 'owner' ? 'owner' : 'member' };
      },
      limits: { ...table('chatRateLimits'), addressSalt: async () => (await readSecret('chatAddressSalt')).key },
      store: table('agentState'),
      tools: {
        now: () => new Date(),
        session: (workspaceId) => openWorkspaceSession(workspaceId, edgeMetaDeps()),
        recommendations: table('optimizerRecommendations'),
        rules: table('automationRules'),
        ruleRuns: table('ruleRuns'),
        // The MCP server lists models only: the datasets table is not among its grants.
        mmm: { doc: dynamoDocumentClient(), models: tableName('mmmModels'), datasets: '' },
        audit: table('campaignAudit'),
        adTests: table('adOptimizerTests'),
        adCopy: {
          runtime: aiRuntime,
          quota: generationQuota(),
          limitOverride: aiConfig().AI_DAILY_GENERATION_LIMIT,
          metrics,
          log: (message, facts) => logger.info(message, facts),
        },
      },
      log: (message, facts) => logger.info(message, facts),
    },
  );
};

/** The agent's MCP server at /api/mcp: wiring only (serve-mcp.ts has the logic). */
export const handler = instrumented<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(
  (event) => event.requestContext?.requestId,
)
  .use({
    after: (request) => countRequestOutcome(request.response?.statusCode),
    onError: (request) => {
      request.response = errorReply(request.error, logger);
      countRequestOutcome(request.response.statusCode);
    },
  })
  .handler(dispatch);
