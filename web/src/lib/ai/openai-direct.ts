import * as z from 'zod';
import { AI_COMPLETION } from '@shared/constants';

/**
 * Own-key mode's client ("direct AI chat completion"): the browser
 * calls the OpenAI-compatible endpoint itself with the user's key. The reply
 * is validated like any outside input; failures become errors with a code the
 * central handler understands.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface OwnKeyClient {
  readonly baseUrl: string;
  createChatCompletion(
    params: { messages: ChatMessage[]; model?: string; max_tokens?: number; temperature?: number },
    signal?: AbortSignal,
  ): Promise<ChatCompletion>;
}

const ChatCompletionSchema = z.object({
  id: z.string(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      message: z.object({ role: z.string(), content: z.string().nullable() }),
      finish_reason: z.string().nullable(),
    }),
  ),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).optional(),
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

const OpenAiErrorBodySchema = z.object({
  error: z.object({ message: z.string(), type: z.string().nullish(), code: z.string().nullish() }),
});

/** An OpenAI failure as the app's errors look: a code for the central handler, OpenAI's message kept. */
export class OpenAiDirectError extends Error {
  override name = 'OpenAiDirectError';
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function codeFor(status: number): string {
  if (status === 401 || status === 403) return 'AUTH_ERROR';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'UPSTREAM_ERROR';
  return 'VALIDATION_ERROR';
}

export function createOwnKeyClient(apiKey: string, baseUrl: string, fetchImpl: typeof fetch = fetch): OwnKeyClient {
  const root = baseUrl.replace(/\/$/, '');
  return {
    baseUrl: root,
    async createChatCompletion(params, signal) {
      let response: Response;
      try {
        response = await fetchImpl(`${root}/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: params.model ?? AI_COMPLETION.model,
            messages: params.messages,
            max_tokens: params.max_tokens ?? AI_COMPLETION.maxTokens,
            temperature: params.temperature ?? AI_COMPLETION.temperature,
          }),
          signal,
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new OpenAiDirectError('NETWORK_ERROR', 0, 'Could not reach the OpenAI API.');
      }
      const json: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const parsed = OpenAiErrorBodySchema.safeParse(json);
        const message = parsed.success ? parsed.data.error.message : `OpenAI answered HTTP ${response.status}.`;
        throw new OpenAiDirectError(codeFor(response.status), response.status, message);
      }
      const parsed = ChatCompletionSchema.safeParse(json);
      if (!parsed.success)
        throw new OpenAiDirectError('UPSTREAM_ERROR', response.status, 'OpenAI answered in an unexpected form.');
      return parsed.data;
    },
  };
}

/** The spec's system message. */
export const COPYWRITER_SYSTEM_MESSAGE =
  'You are an expert digital marketing copywriter who writes high-converting Facebook and Instagram ads that follow Meta’s advertising standards.';

export interface DirectAdCopyInput {
  product: string;
  audience: string;
  /** Which angle to write from, so several calls give several different variants. */
  angle?: string;
  tone?: string;
}

/**
 * One completion asking for a headline, description and call to
 * action for a Facebook/Instagram ad for the product and target audience
 * (gpt-4o-mini, max_tokens 1000, temperature 0.7); the first choice's content,
 * or an empty string. On failure: logged as "OpenAI API Error:" and rethrown.
 */
export async function directAdCopyCompletion(
  client: OwnKeyClient,
  input: DirectAdCopyInput,
  signal?: AbortSignal,
): Promise<string> {
  const lines = [
    'Write a headline, a description and a call-to-action for a Facebook/Instagram ad, plus primary text (the text above the image).',
    'Answer in exactly these four lines:',
    'Headline: <at most 40 characters>',
    'Primary text: <at most 125 characters>',
    'Description: <at most 30 characters>',
    'Call to action: <a button label such as Shop now, Learn more, Sign up>',
    '',
    // The brief last, labelled as data, so what the user typed reads as content rather than instructions.
    `Product: ${input.product}`,
    `Target audience: ${input.audience}`,
    ...(input.tone ? [`Tone: ${input.tone}`] : []),
    ...(input.angle ? [`Angle: ${input.angle}`] : []),
  ];
  try {
    const completion = await client.createChatCompletion(
      {
        model: AI_COMPLETION.model,
        messages: [
          { role: 'system', content: COPYWRITER_SYSTEM_MESSAGE },
          { role: 'user', content: lines.join('\n') },
        ],
        max_tokens: AI_COMPLETION.maxTokens,
        temperature: AI_COMPLETION.temperature,
      },
      signal,
    );
    return completion.choices[0]?.message.content ?? '';
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('OpenAI API Error:', error);
    throw error;
  }
}
