import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdCopyModelOutputSchema, AdCopyRequestSchema } from '@shared/schemas/ai';
import { adCopyPrompt } from '@lambdas/lib/ai/prompts/ad-copy';
import { strictJsonSchema } from '@lambdas/lib/ai/strict-json-schema';
import { startOfflineModel, type OfflineModel } from '@infra/twin/openai/offline-model-server';

let model: OfflineModel;
let client: OpenAI;

beforeAll(async () => {
  model = await startOfflineModel({ port: 0, host: '127.0.0.1' });
  client = new OpenAI({ apiKey: 'sk-test-offline', baseURL: model.baseUrl, maxRetries: 0 });
});
afterEach(() => model.faults.reset());
afterAll(() => model.stop());

const request = AdCopyRequestSchema.parse({
  product: 'Trail running shoes with recycled soles',
  audience: 'weekend hikers in their thirties',
  tone: 'bold',
  objective: 'OUTCOME_SALES',
  variants: 4,
});
const adCopyFormat = {
  type: 'json_schema' as const,
  json_schema: { name: 'ad_copy_variants', strict: true, schema: strictJsonSchema(AdCopyModelOutputSchema) },
};

const generate = (messages = adCopyPrompt.build(request)) =>
  client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages,
    temperature: 0.7,
    max_tokens: 1000,
    response_format: adCopyFormat,
  });

describe('the offline model through the openai SDK', () => {
  it('answers with OpenAI’s completion shape and a request id', async () => {
    const { data, response } = await generate().withResponse();

    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(data).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', refusal: null } }],
    });
    expect(data.id).toMatch(/^chatcmpl-/);
    expect(data.usage!.total_tokens).toBe(data.usage!.prompt_tokens + data.usage!.completion_tokens);
  });

  it('writes JSON valid against the requested schema, about the brief, varied across angles', async () => {
    const completion = await generate();
    const output = AdCopyModelOutputSchema.parse(JSON.parse(completion.choices[0]!.message.content!));

    expect(output.variants.map((v) => v.angle)).toEqual(['benefit', 'social_proof', 'urgency', 'question']);
    expect(new Set(output.variants.map((v) => v.primaryText)).size).toBe(4);
    const text = JSON.stringify(output);
    expect(text).toMatch(/Trail running shoes/i);
    expect(text).toMatch(/weekend hikers/i);
    expect(text).not.toMatch(/lorem|ipsum/i);
    expect(
      output.variants.every(
        (v) =>
          v.callToAction === 'SHOP_NOW' ||
          v.callToAction === 'BUY_NOW' ||
          v.callToAction === 'GET_OFFER' ||
          v.callToAction === 'ORDER_NOW',
      ),
    ).toBe(true);
  });

  it('is deterministic for a request and different for another', async () => {
    const a = (await generate()).choices[0]!.message.content;
    const b = (await generate()).choices[0]!.message.content;
    const other = (
      await generate(adCopyPrompt.build({ ...request, product: 'Noise-cancelling headphones for open offices' }))
    ).choices[0]!.message.content;
    expect(a).toBe(b);
    expect(other).not.toBe(a);
    expect(other).toMatch(/headphones/i);
  });

  it('streams the same text as server-sent events, with usage at the end when asked', async () => {
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'How should I test ad copy for my bakery?' },
    ];
    const whole = await client.chat.completions.create({ model: 'gpt-4o-mini', messages });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let usage: OpenAI.Completions.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(5);
    expect(text).toBe(whole.choices[0]!.message.content);
    expect(text).toMatch(/bakery/);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('answers the own-key prompt in plain text with headline, description and call to action', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are an expert digital marketing copywriter.' },
        {
          role: 'user',
          content:
            'Write a headline, description and call-to-action for a Facebook/Instagram ad.\nProduct: Vegan protein bars\nTarget audience: gym beginners',
        },
      ],
    });
    const content = completion.choices[0]!.message.content!;
    expect(content).toMatch(/^Headline: .*Vegan protein bars/im);
    expect(content).toMatch(/^Description: /m);
    expect(content).toMatch(/^Call to action: /m);
  });
});

describe('errors, as api.openai.com sends them', () => {
  it('refuses a request without a key with 401 and all four error keys', async () => {
    const reply = await fetch(`${model.baseUrl}/chat/completions`, { method: 'POST', body: '{}' });
    expect(reply.status).toBe(401);
    const body = (await reply.json()) as { error: Record<string, unknown> };
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(body.error.message).toMatch(/You didn't provide an API key/);
  });

  it('rejects a non-strict schema with 400 naming the rule', async () => {
    const error = await client.chat.completions
      .create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x' }],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'loose',
            strict: true,
            schema: { type: 'object', properties: { a: { type: 'string' } } },
          },
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      "Invalid schema for response_format 'loose': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    );
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('response_format');
  });

  it('answers 404 model_not_found for an unknown model, and 400 for a temperature above 2', async () => {
    const missing = await client.chat.completions
      .create({ model: 'gpt-9', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found');
    const hot = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], temperature: 3 })
      .catch((e: unknown) => e);
    expect((hot as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('decimal_above_max_value');
  });

  it('fault switches: 429 with retry-after, 500 server_error, then back to normal', async () => {
    model.faults.set({ rateLimit: 1, serverError: 1, retryAfterSeconds: 3 });
    const limited = (await generate().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.RateLimitError>;
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.code).toBe('rate_limit_exceeded');
    expect(limited.headers?.get('retry-after')).toBe('3');
    const broken = (await generate().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.InternalServerError>;
    expect(broken).toBeInstanceOf(OpenAI.InternalServerError);
    expect(broken.type).toBe('server_error');
    expect((await generate()).choices[0]!.finish_reason).toBe('stop');
  });

  it('fault switch: invalid JSON content in a 200 reply', async () => {
    model.faults.set({ invalidJson: 1 });
    const content = (await generate()).choices[0]!.message.content!;
    expect(() => JSON.parse(content)).toThrow();
  });

  it('cuts the reply at max_tokens with finish_reason length', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: adCopyPrompt.build(request),
      max_tokens: 20,
      response_format: adCopyFormat,
    });
    expect(completion.choices[0]!.finish_reason).toBe('length');
    expect(completion.usage!.completion_tokens).toBe(20);
  });
});
