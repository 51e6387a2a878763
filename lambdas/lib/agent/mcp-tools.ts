import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import type { AccessTokenScope } from '@shared/schemas/agent-tokens';
import { writeRewrite } from '../ad-optimizer/rewrite-ad';
import { isAppError } from '../errors';
import type { AgentToolContext } from './agent-context';
import { AGENT_TOOLS } from './agent-tools';
import * as marketingMix from './marketing-mix-logic';
import type { ToolLogic } from './tool-logic';
import { runTool, type AgentTool, type ToolOutcome } from './tool-registry';

/**
 * The agent's own tools over the Model Context Protocol (issue 26, requirement 5): the very AGENT_TOOLS the in-app
 * agent gives its model, each registered with its zod schema as the MCP tool's input schema, so an MCP client's
 * arguments are checked exactly as the model's are, and run with the same context (the token's workspace, its
 * guardrails). A `read` token gets the read tools only; propose tools need `read+propose`, and their proposals wait
 * in the optimizer's drawer like the in-app agent's (nothing is applied without a person's approval).
 *
 * Tools and their results: https://modelcontextprotocol.io/specification/2025-06-18/server/tools (a tool's own
 * failure is a result with `isError: true`, which the client's model reads, not a protocol error).
 */

export const MCP_SERVER_INFO = { name: 'adsmith', version: '1.0.0' } as const;

/** The tools' heavier logic, loaded with this module (after the token is accepted) in one piece (tool-logic.ts). */
const MCP_TOOL_LOGIC: ToolLogic = { marketingMix: async () => marketingMix, rewriteAd: async () => ({ writeRewrite }) };

export function toolsForScope(scope: AccessTokenScope): ReadonlyArray<AgentTool<z.ZodType, AgentToolContext>> {
  return scope === 'read+propose' ? AGENT_TOOLS : AGENT_TOOLS.filter((tool) => tool.kind === 'read');
}

/** What a client reads: the tool's summary and data as the in-app model reads them, and the proposal made. */
export function toolResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: outcome.error }] };
  const result = {
    summary: outcome.summary,
    ...(outcome.data !== undefined && { data: outcome.data }),
    ...(outcome.proposal && { proposal: outcome.proposal }),
  };
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

/**
 * An MCP server for one request (stateless: nothing is kept between requests), offering the scope's tools.
 * `beforeCall` runs before each tool (the chat's rate limits): a refusal it throws refuses the call with its message.
 */
export function agentMcpServer(
  scope: AccessTokenScope,
  contextWithoutLogic: Omit<AgentToolContext, 'logic'>,
  beforeCall: (tool: AgentTool<z.ZodType, AgentToolContext>) => Promise<void>,
): McpServer {
  const context: AgentToolContext = { ...contextWithoutLogic, logic: MCP_TOOL_LOGIC };
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Adsmith: read a workspace’s Meta ad accounts, figures, recommendations, rules, marketing-mix reports and audit trail. ' +
      'Propose tools never change anything: each proposal waits in Adsmith’s optimizer drawer until a person approves it.',
  });
  for (const tool of toolsForScope(scope)) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.args,
        annotations: { readOnlyHint: tool.kind === 'read', destructiveHint: false, openWorldHint: false },
      },
      async (args: unknown) => {
        try {
          await beforeCall(tool);
        } catch (error) {
          // A refusal (the rate limit) is the client's to read; a fault of ours is the protocol's error.
          if (isAppError(error) && error.statusCode < 500)
            return { isError: true, content: [{ type: 'text', text: error.message }] };
          throw error;
        }
        return toolResult(await runTool(tool, args, context));
      },
    );
  }
  return server;
}
