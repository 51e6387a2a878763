import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { dynamoDocumentClient } from '../lib/aws/dynamodb';
import { agentToolWiring } from '../lib/agent/agent-tool-wiring';
import { clientAddress } from '../lib/http/client-address';
import { logger } from '../lib/observability';
import { readSecret } from '../lib/secrets';
import { tableName } from '../lib/table-name';
import { AppError } from '../lib/errors';
import { workspaceOf } from '../lib/team/workspace';
import { serveMcp } from './serve-mcp';

const table = (key: Parameters<typeof tableName>[0]) => ({ doc: dynamoDocumentClient(), table: tableName(key) });

/** One request to /api/mcp, after the origin check (handler.ts loads this module on the first request). */
export const serveRequest = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
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
      tools: agentToolWiring(),
      log: (message, facts) => logger.info(message, facts),
    },
  );
};
