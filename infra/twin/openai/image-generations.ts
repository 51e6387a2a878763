import { openAiError, type OpenAiErrorReply } from './openai-errors';
import { drawPromptImage } from './prompt-image';

/**
 * `POST /v1/images/generations` as api.openai.com answers it for `gpt-image-1`: the request is
 * checked parameter by parameter (the values gpt-image-1 allows, `response_format` refused since
 * GPT image models always return base64), and the reply carries `data[].b64_json` and `usage`.
 * The offline model draws PNGs only; asking it for JPEG or WebP is refused rather than answered
 * with a PNG under the wrong name.
 */

export const IMAGE_MODELS = ['gpt-image-1'] as const;
const SIZES = { '1024x1024': [1024, 1024], '1536x1024': [1536, 1024], '1024x1536': [1024, 1536] } as const;
const QUALITIES = ['low', 'medium', 'high', 'auto'];
const BACKGROUNDS = ['transparent', 'opaque', 'auto'];
const OUTPUT_FORMATS = ['png', 'jpeg', 'webp'];
const KNOWN_PARAMETERS = new Set([
  'prompt',
  'model',
  'n',
  'size',
  'quality',
  'output_format',
  'output_compression',
  'background',
  'moderation',
  'response_format',
  'stream',
  'partial_images',
  'user',
]);
const MAX_PROMPT_CHARS = 32_000;

export interface ImageRequest {
  prompt: string;
  model: string;
  n: number;
  size: keyof typeof SIZES | 'auto';
  quality: string;
  background: string;
}

function invalidValue(param: string, value: unknown, allowed: readonly string[]): OpenAiErrorReply {
  const list = allowed.map((v) => `'${v}'`);
  const supported = `${list.slice(0, -1).join(', ')}, and ${list[list.length - 1]}`;
  return openAiError(400, `Invalid value: '${String(value)}'. Supported values are: ${supported}.`, {
    param,
    code: 'invalid_value',
  });
}

/** Validates the request body; an OpenAI error reply when it would be refused. */
export function readImageRequest(body: Record<string, unknown>): ImageRequest | OpenAiErrorReply {
  for (const name of Object.keys(body)) {
    if (!KNOWN_PARAMETERS.has(name)) {
      return openAiError(400, `Unknown parameter: '${name}'.`, { param: name, code: 'unknown_parameter' });
    }
  }
  const { prompt, model = 'dall-e-2', n = 1, size = 'auto', quality = 'auto', background = 'auto' } = body;
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    return openAiError(400, "Missing required parameter: 'prompt'.", {
      param: 'prompt',
      code: 'missing_required_parameter',
    });
  }
  if (prompt.length > MAX_PROMPT_CHARS) {
    return openAiError(
      400,
      `Invalid 'prompt': string too long. Expected a string with maximum length ${MAX_PROMPT_CHARS}, but got a string with length ${prompt.length} instead.`,
      { param: 'prompt', code: 'string_above_max_length' },
    );
  }
  if (typeof model !== 'string' || !(IMAGE_MODELS as readonly string[]).includes(model)) {
    return openAiError(
      400,
      `Invalid value for 'model' = ${String(model)}. The offline demo model draws images as gpt-image-1 only.`,
      { param: 'model', code: 'invalid_value' },
    );
  }
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    return openAiError(400, `Invalid type for 'n': expected an integer, but got ${typeof n} instead.`, {
      param: 'n',
      code: 'invalid_type',
    });
  }
  if (n < 1) {
    return openAiError(400, `Invalid 'n': integer below minimum value. Expected a value >= 1, but got ${n} instead.`, {
      param: 'n',
      code: 'integer_below_min_value',
    });
  }
  if (n > 10) {
    return openAiError(400, `Invalid 'n': integer above maximum value. Expected a value <= 10, but got ${n} instead.`, {
      param: 'n',
      code: 'integer_above_max_value',
    });
  }
  if (size !== 'auto' && !(typeof size === 'string' && size in SIZES)) {
    return invalidValue('size', size, [...Object.keys(SIZES), 'auto']);
  }
  if (typeof quality !== 'string' || !QUALITIES.includes(quality)) return invalidValue('quality', quality, QUALITIES);
  if (typeof background !== 'string' || !BACKGROUNDS.includes(background)) {
    return invalidValue('background', background, BACKGROUNDS);
  }
  if (body.response_format !== undefined) {
    return openAiError(400, "Unknown parameter: 'response_format'.", {
      param: 'response_format',
      code: 'unknown_parameter',
    });
  }
  const outputFormat = body.output_format ?? 'png';
  if (typeof outputFormat !== 'string' || !OUTPUT_FORMATS.includes(outputFormat)) {
    return invalidValue('output_format', outputFormat, OUTPUT_FORMATS);
  }
  if (body.output_compression !== undefined && outputFormat === 'png') {
    return openAiError(
      400,
      "Invalid value for 'output_compression': only supported with 'jpeg' and 'webp' output formats.",
      {
        param: 'output_compression',
        code: 'invalid_value',
      },
    );
  }
  if (outputFormat !== 'png') {
    return openAiError(400, `The offline demo model writes PNG images only; '${outputFormat}' was asked for.`, {
      param: 'output_format',
      code: 'unsupported_value',
    });
  }
  if (body.stream === true) {
    return openAiError(400, 'The offline demo model does not stream images.', {
      param: 'stream',
      code: 'unsupported_value',
    });
  }
  return { prompt, model, n, size: size as ImageRequest['size'], quality, background };
}

/** The reply: one PNG per `n`, each drawn from the prompt (and its index, so the n differ). */
export function generateImages(request: ImageRequest): Record<string, unknown> {
  const size = request.size === 'auto' ? '1024x1024' : request.size;
  const [width, height] = SIZES[size];
  const data = Array.from({ length: request.n }, (_, index) => ({
    b64_json: drawPromptImage(request.prompt, width, height, index).toString('base64'),
  }));
  const textTokens = Math.max(1, Math.ceil(request.prompt.length / 4));
  // gpt-image-1's output token counts per image at 1024x1024 by quality (OpenAI's pricing table).
  const perImage = { low: 272, medium: 1056, high: 4160, auto: 1056 }[request.quality] ?? 1056;
  const outputTokens = perImage * request.n;
  return {
    created: Math.floor(Date.now() / 1000),
    background: request.background === 'transparent' ? 'transparent' : 'opaque',
    output_format: 'png',
    quality: request.quality === 'auto' ? 'medium' : request.quality,
    size,
    data,
    usage: {
      total_tokens: textTokens + outputTokens,
      input_tokens: textTokens,
      output_tokens: outputTokens,
      input_tokens_details: { text_tokens: textTokens, image_tokens: 0 },
    },
  };
}
