import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MAX_REQUEST_BODY_BYTES } from '@shared/errors';
import { authenticateAccessToken, type AccessTokensTable, type TokenHolder } from '../lib/agent/access-tokens';
import type { AgentToolContext, AgentToolWiring } from '../lib/agent/agent-context';
import { increaseLedger, readGuardrails, type AgentStore } from '../lib/agent/agent-store';
import type { MetaSession } from '../lib/meta-session/session';
import { takeChatMessage, type RateLimitStore } from '../lib/streaming/rate-limit';

/**
 * The agent's MCP endpoint, /api/mcp (issue 26, requirement 5), one stateless request at a time: Streamable HTTP
 * with JSON replies and no session id (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports:
 * a server MAY answer a POST with a single JSON object, and one that does not offer a stream on GET answers 405),
 * which fits a Lambda behind API Gateway, whose replies are buffered anyway.
 *
 * Authentication is a personal access token as an OAuth bearer token (RFC 6750, as the MCP authorization spec asks of
 * a protected server: https://modelcontextprotocol.io/specification/2025-06-18/basic/authorization): none, or one
 * that is unknown, revoked, expired or no longer its person's workspace's, is 401 with `WWW-Authenticate: Bearer`.
 */

export interface McpRequest {
  method: string;
  headers: Record<string, string | undefined>;
  body: string | undefined;
  ip: string;
}

export interface McpDeps {
  tokens: AccessTokensTable;
  /** The person's place in a workspace (the token's) now, or undefined when they do not work there. */
  workspaceOf: (person: string, workspaceId: string) => Promise<{ id: string; role: 'owner' | 'member' } | undefined>;
  limits: RateLimitStore;
  store: AgentStore;
  /** Everything the agent's tools need but the token's workspace, person and guardrails. */
  tools: AgentToolWiring;
  log: (message: string, facts: Record<string, unknown>) => void;
}

const REALM = 'Adsmith MCP';

function reply(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** RFC 6750 section 3: error_description is printable ASCII without `"` or `\` (a header cannot carry more). */
const headerText = (text: string) =>
  text
    .replace(/[’‘]/g, "'")
    .replace(/["\\]/g, "'")
    .replace(/[^\x20-\x7e]/g, '');

/** RFC 6750 section 3: no error code when no credentials were sent; `invalid_token` when they were refused. */
function unauthorized(reason: string | undefined): APIGatewayProxyStructuredResultV2 {
  const challenge = reason
    ? `Bearer realm="${REALM}", error="invalid_token", error_description="${headerText(reason)}"`
    : `Bearer realm="${REALM}"`;
  return reply(
    401,
    {
      error: {
        code: 'UNAUTHORIZED',
        message: reason ?? 'Send a personal access token: Authorization: Bearer adsm_pat_…',
      },
    },
    { 'www-authenticate': challenge },
  );
}

function bearer(headers: McpRequest['headers']): string | undefined | null {
  const value = headers.authorization ?? headers.Authorization;
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}

/** The tools' context for the token's person in its workspace: the in-app agent's, with the token as the source. */
async function toolContext(holder: TokenHolder, deps: McpDeps): Promise<Omit<AgentToolContext, 'logic'>> {
  let session: Promise<MetaSession> | undefined;
  return {
    ...deps.tools,
    workspace: { id: holder.workspaceId, role: holder.role },
    actor: holder.person,
    // Proposals and their audit rows name their source: this token's MCP client.
    conversationId: `mcp-${holder.tokenId}`,
    guardrails: await readGuardrails(deps.store, holder.workspaceId),
    increases: increaseLedger(deps.store, holder.workspaceId, deps.tools.now),
    session: () => (session ??= deps.tools.session(holder.workspaceId)),
  };
}

export async function serveMcp(request: McpRequest, deps: McpDeps): Promise<APIGatewayProxyStructuredResultV2> {
  const token = bearer(request.headers);
  if (token === undefined) return unauthorized(undefined);
  if (token === null) return unauthorized('The Authorization header must be "Bearer <token>".');
  const verdict = await authenticateAccessToken(deps.tokens, token, deps.tools.now(), deps.workspaceOf);
  if (!verdict.ok) return unauthorized(verdict.reason);
  const { holder } = verdict;

  if (request.method !== 'POST')
    return reply(
      405,
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null },
      { allow: 'POST' },
    );
  if (request.body && Buffer.byteLength(request.body, 'utf8') > MAX_REQUEST_BODY_BYTES)
    return reply(413, { jsonrpc: '2.0', error: { code: -32600, message: 'The request is too large.' }, id: null });

  const context = await toolContext(holder, deps);
  // The MCP SDK and the tools with their schemas load only for a request with a valid token (issue 23 req 15): a
  // refused one, or GET's 405, costs a cold container none of it. Loaded once per container.
  const [{ agentMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
    import('../lib/agent/mcp-tools'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  const server = agentMcpServer(holder.scope, context, async (tool) => {
    // Each tool call counts against the same per-person and per-address limits as the chat and the in-app agent.
    await takeChatMessage(deps.limits, { ip: request.ip, userId: holder.person });
    deps.log('MCP tool call', { tool: tool.name, tokenId: holder.tokenId, scope: holder.scope });
  });
  // Stateless: no session id, a new server and transport per request, JSON replies (no stream to hold open).
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, value);
    const response = await transport.handleRequest(
      new Request(`https://${request.headers.host ?? 'localhost'}/api/mcp`, {
        method: 'POST',
        headers,
        body: request.body ?? '',
      }),
      { authInfo: { token, clientId: holder.tokenId, scopes: [holder.scope] } },
    );
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: { ...Object.fromEntries(response.headers.entries()), 'cache-control': 'no-store' },
      body,
    };
  } finally {
    await server.close();
  }
}
