import { AgentStreamEventSchema, AgentTurnRequestSchema } from '../schemas/agent';
import { route } from '../route-declaration';

/** The routes `agent` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const agentRoutes = {
  // The in-app agent (issue 26): one turn, streamed through CloudFront from the function URL.
  agentTurn: route({
    method: 'POST',
    path: '/api/agent',
    fn: 'agent',
    access: 'public',
    publicBecause:
      'a streaming route is a function URL behind CloudFront, whose origin access control takes the Authorization header; the function refuses any request without a valid access token of the web app (sent in the stream token header) before anything is read',
    body: AgentTurnRequestSchema,
    response: AgentStreamEventSchema,
    stream: true,
  }),
} as const;
