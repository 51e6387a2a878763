/**
 * The chatbot's limits: message sizes, the history sent back, requests per address and user, an answer's tokens.
 * Plain constants, apart from shared/schemas/chat.ts (which builds the chat's schemas from them), so that code
 * needing only the limits (the streaming functions' rate limit, which the agent shares; the account context the chatbot
 * writes) builds no chat schema.
 */
export const chatLimits = {
  /** Characters in one visitor message: a question, not a document. */
  messageChars: 1_000,
  /** Earlier turns sent back with a question (the widget keeps the newest). */
  historyMessages: 12,
  /** Characters of an earlier assistant turn that are sent back (answers are short). */
  assistantChars: 2_000,
  /** Per IP address (anonymous and signed in alike) and per signed-in user. */
  perIpPerMinute: 8,
  perIpPerDay: 100,
  perUserPerMinute: 12,
  perUserPerDay: 200,
  /** Most tokens of one answer. */
  answerTokens: 400,
} as const;

/** Campaigns listed to the model at most: the worst first, so a long account still fits a short prompt. */
export const CHAT_ACCOUNT_CAMPAIGNS = 15;
