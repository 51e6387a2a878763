import { ChatRequestSchema, ChatStreamEventSchema } from '../schemas/chat';
import { route } from '../route-declaration';

/** The routes `chatbot` serves (its part of the routes table, shared/routes.ts): its bundle loads only these. */
export const chatbotRoutes = {
  // The chatbot widget: anonymous visitors and signed-in users alike (a token, when sent, is verified).
  chat: route({
    method: 'POST',
    path: '/api/chat',
    fn: 'chatbot',
    access: 'public',
    publicBecause:
      "visitors may ask the chat before signing in (answers limited per address); a signed-in user's account data is used only with their access token, which the function verifies",
    body: ChatRequestSchema,
    response: ChatStreamEventSchema,
    stream: true,
  }),
} as const;
