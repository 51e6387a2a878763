import * as z from 'zod';
import { chatLimits } from '../chat-limits';

export { chatLimits } from '../chat-limits';

/**
 * The chatbot widget's contract (POST /api/chat). The reply is a stream of server-sent
 * events, one JSON object per `data:` line: `delta` pieces of the answer as the model writes
 * them, then `done`, or `error` (an error after the first delta ends the answer early).
 */

export const ChatMessageSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('user'),
    content: z
      .string()
      .trim()
      .min(1, 'Type a question first.')
      .max(chatLimits.messageChars, `Please keep a message under ${chatLimits.messageChars} characters.`),
  }),
  z.object({ role: z.literal('assistant'), content: z.string().max(chatLimits.assistantChars) }),
]);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatRequestSchema = z.object({
  messages: z
    .array(ChatMessageSchema)
    .min(1)
    .max(chatLimits.historyMessages + 1, `Send at most ${chatLimits.historyMessages} earlier messages.`)
    .refine((list) => list.at(-1)?.role === 'user', 'The last message must be the visitor’s question.'),
  /** The path the visitor is on, so answers can refer to the page (no query, no fragment). */
  page: z
    .string()
    .max(200)
    .regex(/^\/[A-Za-z0-9\-/_]*$/, 'page must be a site path')
    .optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const ChatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), model: z.string(), offline: z.boolean() }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;

/** One server-sent event as written on the wire. */
export function chatEventLine(event: ChatStreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}
