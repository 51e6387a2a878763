import type OpenAI from 'openai';
import * as z from 'zod';
import { defaultBrandKit } from '@shared/graphics/brand-kit-schema';
import type { Asset } from '@shared/schemas/graphics';
import { upstreamError } from '../errors';
import { AD_IMAGE_PROMPT_VERSION, adImagePrompt } from '@shared/graphics/ad-image-prompt';
import { withRetries } from '../ai/retry';
import { toUpstreamAppError, upstreamFacts } from '../ai/upstream-errors';
import { storeAsset, type GraphicsDeps } from './asset-uploads';
import { getBrandKit } from './graphics-store';
import { inspectImage } from './image-inspect';

/**
 * AI images through OpenAI's Images API (`images.generate`, gpt-image-1, base64 PNG back): the
 * prompt is built from the brief and the user's brand palette, the generation is counted
 * against the plan's AI generations before the model is called (and given back if it fails),
 * and the picture is checked like any upload before it is stored as the user's asset.
 */

/** The sizes gpt-image-1 draws, by the shape the editor asks for. */
export const IMAGE_SIZES = { square: '1024x1024', portrait: '1024x1536', landscape: '1536x1024' } as const;
export const IMAGE_MODEL = 'gpt-image-1';

/** What we read from the reply: checked, since it comes from outside. */
const ImagesReplySchema = z.object({
  created: z.number(),
  data: z.array(z.object({ b64_json: z.string().min(1) })).min(1),
  usage: z
    .object({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number() })
    .partial()
    .optional(),
});

export interface AiImageDeps extends GraphicsDeps {
  openai: () => Promise<OpenAI>;
  /** Counts one AI generation (throws QUOTA_EXCEEDED), and gives it back. */
  consume: (userId: string) => Promise<{ refund: () => Promise<void> }>;
  timeoutMs: number;
  maxRetries: number;
  log: (message: string, facts: Record<string, unknown>) => void;
}

export async function generateAiImage(
  deps: AiImageDeps,
  userId: string,
  request: { brief: string; style: 'background' | 'product-scene'; shape: keyof typeof IMAGE_SIZES },
): Promise<Asset> {
  const kit = (await getBrandKit(deps.store, userId)) ?? defaultBrandKit;
  const prompt = adImagePrompt({ brief: request.brief, style: request.style, palette: kit.colours });
  const grant = await deps.consume(userId);
  const started = deps.now().getTime();
  let reply: z.infer<typeof ImagesReplySchema>;
  try {
    const client = await deps.openai();
    const raw = await withRetries(
      () =>
        client.images.generate(
          { model: IMAGE_MODEL, prompt, n: 1, size: IMAGE_SIZES[request.shape], quality: 'medium' },
          { timeout: deps.timeoutMs, maxRetries: 0 },
        ),
      { maxRetries: deps.maxRetries, deadline: started + deps.timeoutMs * (deps.maxRetries + 1) },
    );
    const parsed = ImagesReplySchema.safeParse(raw);
    if (!parsed.success) throw upstreamError('The AI service answered without an image. Please try again.');
    reply = parsed.data;
  } catch (error) {
    await grant.refund();
    deps.log('AI image failed', { ...upstreamFacts(error), prompt: AD_IMAGE_PROMPT_VERSION });
    throw toUpstreamAppError(error);
  }
  const bytes = Buffer.from(reply.data[0]!.b64_json, 'base64');
  const image = inspectImage(bytes);
  if (!image.ok || image.mimeType !== 'image/png') {
    await grant.refund();
    throw upstreamError('The AI service answered with something that is not a PNG image. Please try again.');
  }
  deps.log('AI image generated', {
    prompt: AD_IMAGE_PROMPT_VERSION,
    model: IMAGE_MODEL,
    size: IMAGE_SIZES[request.shape],
    ms: deps.now().getTime() - started,
    tokens: reply.usage?.total_tokens,
  });
  return storeAsset(deps, userId, {
    kind: 'ai',
    purpose: request.style === 'background' ? 'background' : 'product',
    fileName: `ai-${request.style}-${request.shape}.png`,
    mimeType: 'image/png',
    width: image.width,
    height: image.height,
    bytes,
    altText: `AI-generated ${request.style === 'background' ? 'background' : 'product scene'}: ${request.brief.slice(0, 200)}`,
  });
}
