import { streamFunctionOnFirstUse } from '../lib/http/stream-function';

// The route's schemas and the chat's logic and wiring (chatbot-route.ts) load on the first request, not at init.
export const handler = streamFunctionOnFirstUse(
  'POST /api/chat',
  async () => (await import('./chatbot-route')).chatRoute,
);
