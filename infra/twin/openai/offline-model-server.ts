import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomFor } from '../meta-sandbox/prng';
import { BodyTooLargeError, parseJsonObject, readBody } from '../http-io';
import { readBrief } from './brief';
import { isErrorReply, MODELS, readChatRequest, type ChatRequest } from './chat-request';
import { answerChatbot, isChatbotConversation } from './chat-answerer';
import { writeAd, writeAnswer } from './copywriter';
import { OfflineModelFaultSwitches, OfflineModelFaultsSchema, type FaultKind } from './offline-model-faults';
import {
  completionId,
  missingKey,
  modelNotFound,
  openAiError,
  rateLimited,
  requestId,
  serverError,
  unparsableBody,
  type OpenAiErrorReply,
} from './openai-errors';
import { fillSchema } from './schema-filler';
import { CAMPAIGN_PLAN_SCHEMA_NAME, planAudiences } from './campaign-planner';
import { EXPLANATIONS_SCHEMA_NAME, writeExplanations } from './explanation-writer';
import { generateImages, readImageRequest } from './image-generations';
import { strictSchemaProblem } from './strict-schema-check';

/**
 * The offline demo model: an OpenAI-compatible server (Chat Completions with
 * json_schema structured output and SSE streaming, Models) that writes
 * deterministic copy from the request's own content. It answers with
 * api.openai.com's shapes, headers, status codes and error bodies, so the
 * engine's real SDK path runs unchanged against it; it allows CORS as the
 * real API does, so a browser using its own key can call it directly.
 */
export interface OfflineModelCall {
  at: string;
  path: string;
  status: number;
  model?: string;
  stream?: boolean;
  responseFormat?: string;
  fault?: FaultKind;
  retryCount?: string;
}

export interface OfflineModel {
  url: string;
  /** The base URL for SDKs: `${url}/v1`. */
  baseUrl: string;
  faults: OfflineModelFaultSwitches;
  calls: () => OfflineModelCall[];
  stop(): Promise<void>;
}

const MAX_BODY = 2 * 1024 * 1024;
const MAX_CALLS_KEPT = 200;
const CREATED = 1_721_172_741;

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export function offlineModelHandler(faults: OfflineModelFaultSwitches, calls: OfflineModelCall[]) {
  const record = (call: OfflineModelCall) => {
    calls.push(call);
    if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://offline-model');
    const id = requestId();
    const cors = corsHeaders(req);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
        'x-request-id': id,
        'openai-version': '2020-10-01',
        ...cors,
        ...headers,
      });
      res.end(text);
    };
    const fail = (reply: OpenAiErrorReply) => send(reply.status, reply.body, reply.headers);

    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-max-age': '600' });
      res.end();
      return;
    }

    // Admin: fault switches and the call log (not part of OpenAI's API).
    if (url.pathname === '/__admin/faults') {
      if (req.method === 'GET') return send(200, faults.snapshot());
      if (req.method === 'DELETE') {
        faults.reset();
        return send(200, faults.snapshot());
      }
      if (req.method === 'POST') {
        const body = parseJsonObject((await readBody(req, 64 * 1024)).toString('utf8'));
        const parsed = OfflineModelFaultsSchema.safeParse(body);
        if (!parsed.success) return send(400, { error: parsed.error.issues.map((i) => i.message).join('; ') });
        faults.set(parsed.data);
        return send(200, faults.snapshot());
      }
    }
    if (url.pathname === '/__admin/calls' && req.method === 'GET') return send(200, { calls });

    if (!url.pathname.startsWith('/v1/')) return fail(openAiError(404, `Invalid URL (${req.method} ${url.pathname})`));

    const auth = req.headers.authorization ?? '';
    if (!/^Bearer\s+\S+/i.test(auth)) {
      record({ at: new Date().toISOString(), path: url.pathname, status: 401 });
      return fail(missingKey());
    }

    if (req.method === 'GET' && url.pathname === '/v1/models') {
      return send(200, {
        object: 'list',
        data: Object.keys(MODELS).map((model) => ({
          id: model,
          object: 'model',
          created: CREATED,
          owned_by: 'system',
        })),
      });
    }
    const modelMatch = /^\/v1\/models\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && modelMatch) {
      const model = decodeURIComponent(modelMatch[1]!);
      record({ at: new Date().toISOString(), path: url.pathname, status: MODELS[model] ? 200 : 404, model });
      if (!MODELS[model]) return fail(modelNotFound(model));
      return send(200, { id: model, object: 'model', created: CREATED, owned_by: 'system' });
    }

    if (url.pathname === '/v1/images/generations' && req.method === 'POST') {
      let body: Record<string, unknown> | null;
      try {
        body = parseJsonObject((await readBody(req, MAX_BODY)).toString('utf8'));
      } catch (error) {
        if (error instanceof BodyTooLargeError) return fail(openAiError(413, 'Request body too large.'));
        throw error;
      }
      const call: OfflineModelCall = { at: new Date().toISOString(), path: url.pathname, status: 200 };
      record(call);
      if (!body) {
        call.status = 400;
        return fail(unparsableBody());
      }
      const request = readImageRequest(body);
      if ('body' in request) {
        call.status = request.status;
        return fail(request);
      }
      call.model = request.model;
      if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
      const fault = faults.take();
      if (fault) call.fault = fault;
      if (fault === 'rateLimit') {
        call.status = 429;
        return fail(rateLimited(request.model, faults.retryAfterSeconds));
      }
      if (fault === 'serverError') {
        call.status = 500;
        return fail(serverError(id));
      }
      return send(200, generateImages(request));
    }

    if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST')
      return fail(openAiError(404, `Invalid URL (${req.method} ${url.pathname})`));

    let body: Record<string, unknown> | null;
    try {
      body = parseJsonObject((await readBody(req, MAX_BODY)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return fail(openAiError(413, 'Request body too large.'));
      throw error;
    }
    const call: OfflineModelCall = {
      at: new Date().toISOString(),
      path: url.pathname,
      status: 200,
      retryCount: headerOf(req, 'x-stainless-retry-count'),
    };
    record(call);
    if (!body) {
      call.status = 400;
      return fail(unparsableBody());
    }
    const request = readChatRequest(body);
    if (isErrorReply(request)) {
      call.status = request.status;
      return fail(request);
    }
    Object.assign(call, {
      model: request.model,
      stream: request.stream,
      responseFormat: request.responseFormat.type,
    });
    if (!MODELS[request.model]) {
      call.status = 404;
      return fail(modelNotFound(request.model));
    }
    if (request.responseFormat.type === 'json_schema' && request.responseFormat.json_schema.strict) {
      const problem = strictSchemaProblem(
        request.responseFormat.json_schema.name,
        request.responseFormat.json_schema.schema,
      );
      if (problem) {
        call.status = 400;
        return fail(openAiError(400, problem, { param: 'response_format' }));
      }
    }

    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    const fault = faults.take();
    if (fault) call.fault = fault;
    if (fault === 'rateLimit') {
      call.status = 429;
      return fail(rateLimited(request.model, faults.retryAfterSeconds));
    }
    if (fault === 'serverError') {
      call.status = 500;
      return fail(serverError(id));
    }

    const started = Date.now();
    const content = compose(request, fault);
    const promptTokens = tokens(request.messages.map((m) => JSON.stringify(m.content)).join('\n'));
    const limit = request.maxTokens ?? Infinity;
    const complete = tokens(content) <= limit;
    const written = complete ? content : content.slice(0, Math.max(0, limit * 4));
    const completionTokens = complete ? tokens(content) : limit;
    const finishReason = complete ? 'stop' : 'length';
    const model = MODELS[request.model]!.snapshot;
    const cid = completionId();
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    const headers = {
      'openai-processing-ms': String(Date.now() - started),
      'x-ratelimit-limit-requests': '10000',
      'x-ratelimit-remaining-requests': '9999',
      'x-ratelimit-reset-requests': '6ms',
      'x-ratelimit-limit-tokens': '10000000',
      'x-ratelimit-remaining-tokens': String(10_000_000 - usage.total_tokens),
      'x-ratelimit-reset-tokens': '0s',
    };

    if (!request.stream) {
      return send(
        200,
        {
          id: cid,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: written, refusal: null, annotations: [] },
              logprobs: null,
              finish_reason: finishReason,
            },
          ],
          usage,
          service_tier: 'default',
          system_fingerprint: 'fp_offline0001',
        },
        headers,
      );
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': id,
      'openai-version': '2020-10-01',
      ...cors,
      ...headers,
    });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({
        id: cid,
        object: 'chat.completion.chunk',
        created,
        model,
        service_tier: 'default',
        system_fingerprint: 'fp_offline0001',
        choices,
        ...(request.includeUsage ? { usage: null } : {}),
        ...extra,
      })}\n\n`;
    res.write(
      chunk([
        { index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null },
      ]),
    );
    for (const piece of written.match(/\S+\s*|\s+/g) ?? []) {
      if (res.destroyed) return;
      res.write(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
    }
    res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
    if (request.includeUsage) res.write(chunk([], { usage }));
    res.end('data: [DONE]\n\n');
  };
}

function compose(request: ChatRequest, fault: FaultKind | null): string {
  const seedText = JSON.stringify(request.messages) + JSON.stringify(request.responseFormat);
  const random = randomFor('offline-model', seedText);
  const brief = readBrief(request.messages);
  const format = request.responseFormat;
  if (format.type === 'json_schema' || format.type === 'json_object') {
    const schema = format.type === 'json_schema' ? format.json_schema.schema : undefined;
    const value =
      format.type === 'json_schema' && format.json_schema.name === EXPLANATIONS_SCHEMA_NAME
        ? writeExplanations(request.messages)
        : schema
          ? format.type === 'json_schema' && format.json_schema.name === CAMPAIGN_PLAN_SCHEMA_NAME
            ? planAudiences(fillSchema(schema, brief, random), brief)
            : fillSchema(schema, brief, random)
          : { answer: writeAnswer(brief), product: brief.product, audience: brief.audience };
    if (fault === 'schemaMismatch')
      return JSON.stringify({ unexpected: true, note: 'offline model fault: schemaMismatch' });
    const text = JSON.stringify(value);
    // A reply cut off mid-object, as a model that ran out of tokens would send.
    if (fault === 'invalidJson') return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    return text;
  }
  if (isChatbotConversation(request.messages)) return answerChatbot(request.messages);
  if (/headline/i.test(brief.question)) {
    const ad = writeAd(brief, brief.angles[0] ?? 'benefit', random);
    return `Headline: ${ad.headline}\nPrimary text: ${ad.primaryText}\nDescription: ${ad.description}\nCall to action: ${ad.callToAction}`;
  }
  return writeAnswer(brief);
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': headerOf(req, 'access-control-request-headers') ?? 'authorization, content-type',
    'access-control-expose-headers': 'x-request-id, openai-processing-ms',
  };
}

export async function startOfflineModel(options: { port: number; host: string }): Promise<OfflineModel> {
  const faults = new OfflineModelFaultSwitches();
  const calls: OfflineModelCall[] = [];
  const handle = offlineModelHandler(faults, calls);
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[openai] offline model failed:', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(serverError('req_internal').body));
      } else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('offline model: no TCP address after listen');
  const url = `http://${options.host}:${address.port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    faults,
    calls: () => [...calls],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
