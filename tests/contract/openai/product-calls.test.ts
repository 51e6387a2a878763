import { zodResponseFormat } from 'openai/helpers/zod';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AI_COMPLETION } from '@shared/constants';
import { AdCopyModelOutputSchema } from '@shared/schemas/ai';
import { AiCampaignDraftSchema } from '@shared/schemas/campaign-plan';
import { RecommendationExplanationsSchema } from '@shared/schemas/optimizer';
import { completionLimits } from '@lambdas/lib/ai/completion-limits';
import { strictJsonSchema } from '@lambdas/lib/ai/strict-json-schema';
import { AltTextReplySchema } from '@lambdas/lib/graphics-export/alt-text';
import { openaiClient } from './openai-client';

/**
 * The calls the product makes to OpenAI, through the official `openai` client, against the twin's
 * stand-in: the server engine's strict structured output for each of its four schemas and its
 * streamed chat (lambdas/lib/ai), the browser's own-key call (web/src/lib/ai/openai-direct.ts, the
 * spec's gpt-4o-mini with max_tokens 1000 and temperature 0.7), and gpt-image-1 images.
 */

const SERVER_SETTINGS = { model: AI_COMPLETION.model, maxTokens: AI_COMPLETION.maxTokens, temperature: 0.7 };
const messages = [
  { role: 'system' as const, content: 'You write ads for small shops.' },
  { role: 'user' as const, content: 'Product: trail running shoes. Audience: weekend hikers.' },
];

describe('structured output, as the server engine asks for it', () => {
  it.each([
    ['ad_copy_variants', AdCopyModelOutputSchema],
    ['campaign_plan', AiCampaignDraftSchema],
    ['recommendation_explanations', RecommendationExplanationsSchema],
    ['alt_text', AltTextReplySchema],
  ] as const)('accepts the product’s strict %s schema and answers JSON in it', async (name, schema) => {
    const completion = await openaiClient().chat.completions.create({
      model: SERVER_SETTINGS.model,
      messages,
      ...completionLimits(SERVER_SETTINGS),
      response_format: { type: 'json_schema', json_schema: { name, strict: true, schema: strictJsonSchema(schema) } },
    });

    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(JSON.parse(completion.choices[0]?.message.content ?? 'null')).toEqual(expect.any(Object));
  });

  it('parses a reply with the SDK’s zod helper (strict json_schema from zod 4)', async () => {
    const Headline = z.object({ headline: z.string(), callToAction: z.enum(['SHOP_NOW', 'LEARN_MORE']) });

    const completion = await openaiClient().chat.completions.parse({
      model: 'gpt-4o-mini',
      messages,
      max_completion_tokens: 300,
      response_format: zodResponseFormat(Headline, 'headline'),
    });

    const parsed = completion.choices[0]?.message.parsed;
    expect(Headline.parse(parsed)).toEqual(parsed);
  });
});

describe('streaming, as the chat and ad copy stream it', () => {
  it('streams chunks of one completion and ends with the usage chunk', async () => {
    const stream = await openaiClient().chat.completions.create({
      model: SERVER_SETTINGS.model,
      messages,
      ...completionLimits(SERVER_SETTINGS),
      stream: true,
      stream_options: { include_usage: true },
    });

    const ids = new Set<string>();
    let text = '';
    let usage: { total_tokens: number } | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      ids.add(chunk.id);
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }

    expect(ids.size).toBe(1);
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe('stop');
    expect(usage?.total_tokens).toBeGreaterThan(0);
  });
});

describe('the own-key call from the browser (spec: gpt-4o-mini, max_tokens 1000, temperature 0.7)', () => {
  it('is accepted with max_tokens on gpt-4o-mini', async () => {
    const completion = await openaiClient('sk-proj-users-own-key-0123456789').chat.completions.create({
      model: AI_COMPLETION.model,
      messages,
      max_tokens: AI_COMPLETION.maxTokens,
      temperature: AI_COMPLETION.temperature,
    });

    expect(completion.choices[0]?.message.content).toEqual(expect.any(String));
  });
});

describe('images, as the graphics editor asks for them', () => {
  it('draws a gpt-image-1 PNG and returns it as base64', async () => {
    const reply = await openaiClient().images.generate({
      model: 'gpt-image-1',
      prompt: 'A trail running shoe on wet rock, morning light',
      size: '1024x1024',
      quality: 'low',
      n: 1,
    });

    const png = Buffer.from(reply.data?.[0]?.b64_json ?? '', 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(reply.usage?.total_tokens).toBeGreaterThan(0);
  });
});
