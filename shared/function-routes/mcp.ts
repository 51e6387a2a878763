import * as z from 'zod';
import { route } from '../route-declaration';

const MCP_PUBLIC_BECAUSE =
  'an MCP client (Claude, ChatGPT, any client of the Model Context Protocol) authenticates with a personal access token (Authorization: Bearer adsm_pat_…), not a web sign-in: the function refuses any request without a valid, unexpired, unrevoked token of a current workspace member with 401 before anything is read';

/**
 * The routes `mcp` serves (its part of the routes table, shared/routes.ts): the agent's tools over the Model Context
 * Protocol's Streamable HTTP transport, stateless (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports).
 * The body is a JSON-RPC message, validated by the MCP SDK's own schemas; the reply is JSON-RPC too.
 */
export const mcpRoutes = {
  mcpMessage: route({
    method: 'POST',
    path: '/api/mcp',
    fn: 'mcp',
    access: 'public',
    publicBecause: MCP_PUBLIC_BECAUSE,
    response: z.unknown(),
  }),
  // The spec's GET opens a stream of server messages; a stateless server has none to send and answers 405.
  mcpStream: route({
    method: 'GET',
    path: '/api/mcp',
    fn: 'mcp',
    access: 'public',
    publicBecause: MCP_PUBLIC_BECAUSE,
    response: z.unknown(),
  }),
} as const;
