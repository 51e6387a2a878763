import { chatEventLine, chatLimits, type ChatRequest } from '@shared/schemas/chat';
import type { ChatAccountContext } from '@shared/schemas/chat-account';
import { AiNotConfiguredError, type AiRuntime } from '../lib/ai/ai-runtime';
import { chatPrompt, type ChatVisitor } from '../lib/ai/prompts/chat';
import { streamCompletion } from '../lib/ai/stream-completion';
import { AppError, isAppError, upstreamError } from '../lib/errors';
import type { VerifiedUser } from '../lib/http/access-token';
import type { QuotaGrant } from '../lib/quota/plan-quota';
import type { TokenUsage } from '../lib/ai/token-usage';
import { takeChatMessage, type RateLimitStore } from '../lib/streaming/rate-limit';

export interface ChatDeps {
  runtime: () => Promise<AiRuntime>;
  limits: RateLimitStore;
  /** Throws AUTH_ERROR for a token that is not a valid access token of the web app. */
  verifyToken: (token: string) => Promise<VerifiedUser>;
  /**
   * The workspace a signed-in visitor works in (the owner's id for a teammate, lambdas/lib/team): its Meta
   * connection and its plan's generations are the ones the chat speaks of and counts against.
   */
  workspaceOf: (userId: string) => Promise<string>;
  /** Whether the workspace has a Meta connection (never the connection itself). */
  metaConnected: (workspaceId: string) => Promise<boolean>;
  /**
   * The connected workspace's ad account figures for the model (read-account.ts); undefined when there is no
   * usable account. A failure only leaves the figures out: the visitor still gets an answer.
   */
  account?: (workspaceId: string) => Promise<ChatAccountContext | undefined>;
  log: (message: string, facts: Record<string, unknown>) => void;
  /**
   * A signed-in visitor's answers are AI generations of their plan (QUOTA_EXCEEDED once the day's are used);
   * an anonymous visitor has only the per-address rate limit.
   */
  generations: ChatGenerations;
}

/** The plan's daily AI generations, as the chat uses them (lambdas/lib/ai/generation-quota). */
export interface ChatGenerations {
  consume: (userId: string) => Promise<QuotaGrant>;
  /** An answer that never started costs nothing. */
  refund: (userId: string, grant: QuotaGrant) => Promise<void>;
  addTokens: (userId: string, grant: QuotaGrant, usage: TokenUsage) => Promise<void>;
}

export interface ChatCall {
  body: ChatRequest;
  /** The caller's address as the function URL saw it. */
  ip: string;
  /** The bearer token, when the visitor is signed in. */
  token?: string;
}

/**
 * One chatbot answer, as server-sent events. Refusals come first and are thrown (a bad
 * token 401, a rate limit 429, the model not answering 502), so the caller can still send
 * a real status; once the first words have arrived a failure becomes an `error` event.
 */
export async function answerChat(call: ChatCall, deps: ChatDeps): Promise<AsyncIterable<string>> {
  const user = call.token ? await deps.verifyToken(call.token) : undefined;
  // The rate limit is the person's; the connection and the allowance are their workspace's.
  await takeChatMessage(deps.limits, { ip: call.ip, userId: user?.sub });
  const workspace = user ? await deps.workspaceOf(user.sub) : undefined;
  const metaConnected = workspace ? await deps.metaConnected(workspace) : undefined;
  const visitor: ChatVisitor = { signedIn: user !== undefined, metaConnected, page: call.body.page };
  const grant = workspace ? await deps.generations.consume(workspace) : undefined;
  const refund = async () => {
    if (workspace && grant) await deps.generations.refund(workspace, grant).catch(() => undefined);
  };
  // After the allowance: a visitor at the day's limit costs Meta no reads.
  if (workspace && metaConnected && deps.account) {
    try {
      visitor.account = await deps.account(workspace);
    } catch (error) {
      // Meta down, a token Meta revoked, the plan's accounts all taken: the answer says it could not look.
      visitor.accountUnavailable = true;
      deps.log('Chat answer without the account’s figures', {
        code: isAppError(error) ? error.code : 'UNKNOWN',
      });
    }
  }
  let runtime: AiRuntime;
  try {
    runtime = await deps.runtime();
  } catch (error) {
    await refund();
    if (error instanceof AiNotConfiguredError) throw upstreamError('The assistant is not available right now.', error);
    throw error;
  }
  const messages = chatPrompt.build({ messages: call.body.messages, visitor });
  const settings = { ...runtime.settings, maxTokens: Math.min(runtime.settings.maxTokens, chatLimits.answerTokens) };
  const started = Date.now();
  deps.log('Chat answer started', {
    prompt: chatPrompt.version,
    signedIn: visitor.signedIn,
    turns: call.body.messages.length,
    provider: runtime.provider,
  });

  return (async function* () {
    let firstTokenMs: number | undefined;
    try {
      for await (const event of streamCompletion({ client: runtime.client, settings, messages })) {
        if (event.type === 'delta') {
          firstTokenMs ??= Date.now() - started;
          yield chatEventLine({ type: 'delta', text: event.text });
        } else {
          deps.log('Chat answer finished', { firstTokenMs, totalMs: Date.now() - started, usage: event.usage });
          if (workspace && grant) {
            await deps.generations.addTokens(workspace, grant, event.usage).catch(() => undefined);
          }
          yield chatEventLine({ type: 'done', model: event.model, offline: runtime.offline });
        }
      }
    } catch (error) {
      // Before the first words the caller still answers with a status; after, the reader is told in-stream.
      if (firstTokenMs === undefined) {
        await refund();
        throw error;
      }
      const appError = isAppError(error) ? error : new AppError('UPSTREAM_ERROR');
      deps.log('Chat answer cut short', { code: appError.code, firstTokenMs });
      yield chatEventLine({ type: 'error', error: { code: appError.code, message: appError.message } });
    }
  })();
}
