import { randomBytes } from 'node:crypto';

/**
 * Error bodies exactly as api.openai.com sends them: all four keys present
 * (`message`, `type`, `param`, `code`), the SDK copies them onto its errors.
 */
export interface OpenAiErrorReply {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
  headers?: Record<string, string>;
}

export function openAiError(
  status: number,
  message: string,
  options: { type?: string; param?: string | null; code?: string | null; headers?: Record<string, string> } = {},
): OpenAiErrorReply {
  return {
    status,
    body: {
      error: {
        message,
        type: options.type ?? 'invalid_request_error',
        param: options.param ?? null,
        code: options.code ?? null,
      },
    },
    ...(options.headers ? { headers: options.headers } : {}),
  };
}

export const missingKey = () =>
  openAiError(
    401,
    "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username. You can obtain an API key from https://platform.openai.com/account/api-keys.",
  );

/**
 * A key OpenAI did not issue: 401, code `invalid_api_key`, the key masked to its first 8 and last 4
 * characters ("Incorrect API key provided: sk-VKMIs***…***wjh3. You can find your API key at
 * https://platform.openai.com/account/api-keys.", chatanywhere/GPT_API_free#62).
 */
export const incorrectKey = (key: string) =>
  openAiError(
    401,
    `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    { code: 'invalid_api_key' },
  );

export function maskKey(key: string): string {
  if (key.length <= 12) return `${key.slice(0, 3)}${'*'.repeat(Math.max(0, key.length - 3))}`;
  return `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

export const unparsableBody = () =>
  openAiError(
    400,
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
  );

export const modelNotFound = (model: string) =>
  openAiError(404, `The model \`${model}\` does not exist or you do not have access to it.`, {
    code: 'model_not_found',
  });

export const rateLimited = (model: string, retryAfterSeconds: number) =>
  openAiError(
    429,
    `Rate limit reached for ${model} in organization org-offline on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${retryAfterSeconds}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
    {
      type: 'requests',
      code: 'rate_limit_exceeded',
      headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-reset-requests': `${retryAfterSeconds}s` },
    },
  );

export const serverError = (requestId: string) =>
  openAiError(
    500,
    `The server had an error processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if you keep seeing this error. (Please include the request ID ${requestId} in your email.)`,
    { type: 'server_error' },
  );

export function requestId(): string {
  return `req_${randomBytes(16).toString('hex')}`;
}

export function completionId(): string {
  return `chatcmpl-${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
}
