import * as z from 'zod';
import { ChatMessageSchema, chatLimits, type ChatMessage } from '@shared/schemas/chat';

/** The conversation is kept for the tab only (sessionStorage): closing the tab forgets it. */
const KEY = 'adsmith.chat.v1';
const StoredSchema = z.array(ChatMessageSchema).max(100);

export function loadConversation(storage: Pick<Storage, 'getItem'> = sessionStorage): ChatMessage[] {
  try {
    const text = storage.getItem(KEY);
    if (!text) return [];
    const parsed = StoredSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function saveConversation(
  messages: readonly ChatMessage[],
  storage: Pick<Storage, 'setItem' | 'removeItem'> = sessionStorage,
): void {
  try {
    if (messages.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(messages.slice(-100)));
  } catch {
    // A full or disabled storage only costs the memory across reloads.
  }
}

/** What is sent with a question: the newest turns, assistant turns trimmed to the server's limit. */
export function historyToSend(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages
    .filter((m) => m.content.trim() !== '')
    .slice(-(chatLimits.historyMessages + 1))
    .map((m) => (m.role === 'assistant' ? { ...m, content: m.content.slice(0, chatLimits.assistantChars) } : m));
}
