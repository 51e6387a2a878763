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
  incorrectKey,
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
import { REPORT_SUMMARY_SCHEMA_NAME, writeReportSummary } from './report-summary-writer';
import { CREATIVE_TAGS_SCHEMA_NAME, writeCreativeTags } from './creative-tagger';
import { generateImages, readImageRequest } from './image-generations';
import { strictSchemaProblem } from './strict-schema-check';
import { offersTools, planToolUse, type PlannedCall } from './tool-planner';

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

/** One request and how to answer it, as every route below sees it. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  id: string;
  cors: Record<string, string>;
  send(status: number, body: unknown, headers?: Record<string, string>): void;
  fail(reply: OpenAiErrorReply): void;
  /** Adds a call to the log (kept to the last MAX_CALLS_KEPT). */
  record(call: OfflineModelCall): void;
}

export function offlineModelHandler(faults: OfflineModelFaultSwitches, calls: OfflineModelCall[]) {
  const record = (call: OfflineModelCall) => {
    calls.push(call);
    if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT);
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const x = exchangeOf(req, res, record);
    const { url } = x;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...x.cors, 'access-control-max-age': '600' });
      res.end();
      return;
    }
    // Admin: fault switches and the call log (not part of OpenAI's API).
    if (url.pathname === '/__admin/faults' && (await adminFaults(x, faults))) return;
    if (url.pathname === '/__admin/calls' && req.method === 'GET') return x.send(200, { calls });

    if (!url.pathname.startsWith('/v1/'))
      return x.fail(openAiError(404, `Invalid URL (${req.method} ${url.pathname})`));
    const key = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    if (!key || !isAcceptedKey(key)) {
      record({ at: new Date().toISOString(), path: url.pathname, status: 401 });
      return x.fail(key ? incorrectKey(key) : missingKey());
    }
    if (req.method === 'GET' && url.pathname.startsWith('/v1/models')) {
      if (models(x)) return;
    }
    if (url.pathname === '/v1/images/generations' && req.method === 'POST') return imageGenerations(x, faults);
    if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST')
      return x.fail(openAiError(404, `Invalid URL (${req.method} ${url.pathname})`));
    return chatCompletions(x, faults);
  };
}

/**
 * Real OpenAI accepts only the keys it issued. The stand-in cannot know those, so it accepts what has
 * their shape (`sk-` and at least 8 more letters, digits, `-` or `_`; the product's own form asks for
 * "sk-" and more than 20 characters) and refuses everything else as OpenAI refuses a wrong key, plus
 * any key starting `sk-revoked-`, so a well-formed key that OpenAI would refuse can be tried.
 */
export const REVOKED_KEY_PREFIX = 'sk-revoked-';

export function isAcceptedKey(key: string): boolean {
  return /^sk-[A-Za-z0-9_-]{8,}$/.test(key) && !key.startsWith(REVOKED_KEY_PREFIX);
}

function exchangeOf(req: IncomingMessage, res: ServerResponse, record: Exchange['record']): Exchange {
  const id = requestId();
  const cors = corsHeaders(req);
  const send: Exchange['send'] = (status, body, headers = {}) => {
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
  return {
    req,
    res,
    url: new URL(req.url ?? '/', 'http://offline-model'),
    id,
    cors,
    send,
    fail: (reply) => send(reply.status, reply.body, reply.headers),
    record,
  };
}

/** GET, DELETE (reset) or POST (set) the fault switches; false for any other method. */
async function adminFaults(x: Exchange, faults: OfflineModelFaultSwitches): Promise<boolean> {
  const { req, send } = x;
  if (req.method === 'GET') {
    send(200, faults.snapshot());
    return true;
  }
  if (req.method === 'DELETE') {
    faults.reset();
    send(200, faults.snapshot());
    return true;
  }
  if (req.method !== 'POST') return false;
  const body = parseJsonObject((await readBody(req, 64 * 1024)).toString('utf8'));
  const parsed = OfflineModelFaultsSchema.safeParse(body);
  if (!parsed.success) send(400, { error: parsed.error.issues.map((i) => i.message).join('; ') });
  else {
    faults.set(parsed.data);
    send(200, faults.snapshot());
  }
  return true;
}

/** GET /v1/models and /v1/models/{id}; false for any other path under /v1/models. */
function models(x: Exchange): boolean {
  const { url, send } = x;
  if (url.pathname === '/v1/models') {
    send(200, {
      object: 'list',
      data: Object.keys(MODELS).map((model) => ({
        id: model,
        object: 'model',
        created: CREATED,
        owned_by: 'system',
      })),
    });
    return true;
  }
  const modelMatch = /^\/v1\/models\/([^/]+)$/.exec(url.pathname);
  if (!modelMatch) return false;
  const model = decodeURIComponent(modelMatch[1]!);
  x.record({ at: new Date().toISOString(), path: url.pathname, status: MODELS[model] ? 200 : 404, model });
  if (!MODELS[model]) x.fail(modelNotFound(model));
  else send(200, { id: model, object: 'model', created: CREATED, owned_by: 'system' });
  return true;
}

/** The request's JSON body; undefined once a too-large body has been answered with 413. */
async function jsonBody(x: Exchange): Promise<Record<string, unknown> | null | undefined> {
  try {
    return parseJsonObject((await readBody(x.req, MAX_BODY)).toString('utf8'));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      x.fail(openAiError(413, 'Request body too large.'));
      return undefined;
    }
    throw error;
  }
}

/** The latency and fault switches: true once a fault has been answered (and logged on the call). */
async function answeredByFault(
  x: Exchange,
  faults: OfflineModelFaultSwitches,
  call: OfflineModelCall,
  model: string,
): Promise<{ answered: boolean; fault: FaultKind | null }> {
  if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  const fault = faults.take();
  if (fault) call.fault = fault;
  if (fault === 'rateLimit') {
    call.status = 429;
    x.fail(rateLimited(model, faults.retryAfterSeconds));
    return { answered: true, fault };
  }
  if (fault === 'serverError') {
    call.status = 500;
    x.fail(serverError(x.id));
    return { answered: true, fault };
  }
  return { answered: false, fault };
}

async function imageGenerations(x: Exchange, faults: OfflineModelFaultSwitches): Promise<void> {
  const body = await jsonBody(x);
  if (body === undefined) return;
  const call: OfflineModelCall = { at: new Date().toISOString(), path: x.url.pathname, status: 200 };
  x.record(call);
  if (!body) {
    call.status = 400;
    return x.fail(unparsableBody());
  }
  const request = readImageRequest(body);
  if ('body' in request) {
    call.status = request.status;
    return x.fail(request);
  }
  call.model = request.model;
  if ((await answeredByFault(x, faults, call, request.model)).answered) return;
  x.send(200, generateImages(request));
}

/** Parses and checks a chat request as OpenAI does; null once an error has been answered. */
function readCheckedChat(
  x: Exchange,
  body: Record<string, unknown> | null,
  call: OfflineModelCall,
): ChatRequest | null {
  if (!body) {
    call.status = 400;
    x.fail(unparsableBody());
    return null;
  }
  const request = readChatRequest(body);
  if (isErrorReply(request)) {
    call.status = request.status;
    x.fail(request);
    return null;
  }
  Object.assign(call, {
    model: request.model,
    stream: request.stream,
    responseFormat: request.responseFormat.type,
  });
  if (!MODELS[request.model]) {
    call.status = 404;
    x.fail(modelNotFound(request.model));
    return null;
  }
  if (request.responseFormat.type === 'json_schema' && request.responseFormat.json_schema.strict) {
    const problem = strictSchemaProblem(
      request.responseFormat.json_schema.name,
      request.responseFormat.json_schema.schema,
    );
    if (problem) {
      call.status = 400;
      x.fail(openAiError(400, problem, { param: 'response_format' }));
      return null;
    }
  }
  return request;
}

async function chatCompletions(x: Exchange, faults: OfflineModelFaultSwitches): Promise<void> {
  const body = await jsonBody(x);
  if (body === undefined) return;
  const call: OfflineModelCall = {
    at: new Date().toISOString(),
    path: x.url.pathname,
    status: 200,
    retryCount: headerOf(x.req, 'x-stainless-retry-count'),
  };
  x.record(call);
  const request = readCheckedChat(x, body, call);
  if (!request) return;
  const { answered, fault } = await answeredByFault(x, faults, call, request.model);
  if (answered) return;
  answerChat(x, request, fault);
}

/** The completion: written by compose, cut at max_tokens, sent whole or streamed as OpenAI's chunks. */
function answerChat(x: Exchange, request: ChatRequest, fault: FaultKind | null): void {
  const started = Date.now();
  const plan = offersTools(request) ? planToolUse(request) : undefined;
  const toolCalls = plan?.kind === 'calls' ? plan.calls : undefined;
  const content = toolCalls ? '' : plan?.kind === 'text' ? plan.text : compose(request, fault);
  const promptTokens = tokens(request.messages.map((m) => JSON.stringify(m.content)).join('\n'));
  const limit = request.maxTokens ?? Infinity;
  const complete = tokens(content) <= limit;
  const written = complete ? content : content.slice(0, Math.max(0, limit * 4));
  const callTokens = toolCalls ? tokens(toolCalls.map((c) => c.name + c.arguments).join('')) : 0;
  const completionTokens = toolCalls ? callTokens : complete ? tokens(content) : limit;
  const finishReason = toolCalls ? 'tool_calls' : complete ? 'stop' : 'length';
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
  const completion: Completion = {
    cid: completionId(),
    created: Math.floor(Date.now() / 1000),
    model: MODELS[request.model]!.snapshot,
    written,
    ...(toolCalls ? { toolCalls } : {}),
    finishReason,
    usage,
    headers: {
      'openai-processing-ms': String(Date.now() - started),
      'x-ratelimit-limit-requests': '10000',
      'x-ratelimit-remaining-requests': '9999',
      'x-ratelimit-reset-requests': '6ms',
      'x-ratelimit-limit-tokens': '10000000',
      'x-ratelimit-remaining-tokens': String(10_000_000 - usage.total_tokens),
      'x-ratelimit-reset-tokens': '0s',
    },
  };
  if (request.stream) void streamCompletion(x, request, completion);
  else sendCompletion(x, completion);
}

interface Completion {
  cid: string;
  created: number;
  model: string;
  written: string;
  /** The calls the model makes instead of writing (finish_reason `tool_calls`, content null). */
  toolCalls?: PlannedCall[];
  finishReason: 'stop' | 'length' | 'tool_calls';
  usage: Record<string, unknown> & { total_tokens: number };
  headers: Record<string, string>;
}

function sendCompletion(x: Exchange, c: Completion): void {
  x.send(
    200,
    {
      id: c.cid,
      object: 'chat.completion',
      created: c.created,
      model: c.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: c.toolCalls ? null : c.written,
            refusal: null,
            annotations: [],
            ...(c.toolCalls
              ? {
                  tool_calls: c.toolCalls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: c.finishReason,
        },
      ],
      usage: c.usage,
      service_tier: 'default',
      system_fingerprint: 'fp_offline0001',
    },
    c.headers,
  );
}

/** OpenAI sends tokens as the model writes them, spread over time; a stand-in that wrote every chunk in one
 * burst would let a client that only works with whole answers pass. */
const STREAM_PIECE_GAP_MS = 2;

async function streamCompletion(x: Exchange, request: ChatRequest, c: Completion): Promise<void> {
  const { res } = x;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': x.id,
    'openai-version': '2020-10-01',
    ...x.cors,
    ...c.headers,
  });
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({
      id: c.cid,
      object: 'chat.completion.chunk',
      created: c.created,
      model: c.model,
      service_tier: 'default',
      system_fingerprint: 'fp_offline0001',
      choices,
      ...(request.includeUsage ? { usage: null } : {}),
      ...extra,
    })}\n\n`;
  res.write(
    chunk([
      {
        index: 0,
        delta: { role: 'assistant', content: c.toolCalls ? null : '', refusal: null },
        logprobs: null,
        finish_reason: null,
      },
    ]),
  );
  // Tool calls stream as OpenAI sends them: the first delta of each call carries its index, id, type and name
  // with empty arguments, the next ones only the index and a piece of the arguments (openai-node
  // `ChatCompletionChunk.Choice.Delta.ToolCall`; the SDK's ChatCompletionStream joins them by index).
  for (const [index, call] of (c.toolCalls ?? []).entries()) {
    if (res.destroyed) return;
    const delta = (toolCall: Record<string, unknown>) =>
      chunk([{ index: 0, delta: { tool_calls: [{ index, ...toolCall }] }, logprobs: null, finish_reason: null }]);
    res.write(delta({ id: call.id, type: 'function', function: { name: call.name, arguments: '' } }));
    for (const piece of call.arguments.match(/.{1,12}/gs) ?? []) {
      res.write(delta({ function: { arguments: piece } }));
      await new Promise((resolve) => setTimeout(resolve, STREAM_PIECE_GAP_MS));
    }
  }
  for (const piece of c.written.match(/\S+\s*|\s+/g) ?? []) {
    if (res.destroyed) return;
    res.write(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
    await new Promise((resolve) => setTimeout(resolve, STREAM_PIECE_GAP_MS));
  }
  if (res.destroyed) return;
  res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: c.finishReason }]));
  if (request.includeUsage) res.write(chunk([], { usage: c.usage }));
  res.end('data: [DONE]\n\n');
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
        : format.type === 'json_schema' && format.json_schema.name === CREATIVE_TAGS_SCHEMA_NAME
          ? writeCreativeTags(request.messages)
          : format.type === 'json_schema' && format.json_schema.name === REPORT_SUMMARY_SCHEMA_NAME
            ? writeReportSummary(request.messages)
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
