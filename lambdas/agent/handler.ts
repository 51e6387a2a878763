import { streamFunctionOnFirstUse } from '../lib/http/stream-function';

// The route's schemas, the agent's tools and their wiring (agent-route.ts) load on the first request, not at init.
export const handler = streamFunctionOnFirstUse(
  'POST /api/agent',
  async () => (await import('./agent-route')).agentTurnRoute,
);
