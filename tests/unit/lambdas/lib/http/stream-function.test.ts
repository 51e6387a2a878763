import { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { RouteDeclaration } from '@shared/routes';
import { rateLimited } from '@lambdas/lib/errors';
import { streamFunction, streamFunctionOnFirstUse, streamRoute } from '@lambdas/lib/http/stream-function';
import { logger, metrics, tracer } from '@lambdas/lib/observability';
import { httpEvent, lambdaContext } from '@tests/support/http-event';

/** A function URL's response stream as Lambda's runtime hands it over: the head, then the chunks written. */
class ResponseStream extends Writable {
  metadata: { statusCode: number; headers?: Record<string, string> } | null = null;
  chunks: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.chunks.push(chunk.toString());
    done();
  }
}

type StreamHandler = (event: APIGatewayProxyEventV2, stream: ResponseStream, context: Context) => Promise<void>;

// Lambda's Node.js runtime provides `awslambda` (infra/twin/lambda-runtime-globals.mjs provides the same in the twin and the bench).
beforeAll(() => {
  vi.stubGlobal('awslambda', {
    streamifyResponse: (handler: StreamHandler) => handler,
    HttpResponseStream: {
      from(stream: ResponseStream, metadata: ResponseStream['metadata']) {
        stream.metadata = metadata;
        return stream;
      },
    },
  });
});
afterEach(() => vi.restoreAllMocks());

const chatRoute = {
  method: 'POST',
  path: '/api/chat',
  fn: 'test',
  access: 'public',
  body: z.object({ message: z.string().min(1, 'Message is required') }).strict(),
  response: z.string(),
  stream: true,
} as const satisfies RouteDeclaration;

async function invoke(
  logic: Parameters<typeof streamFunction<typeof chatRoute>>[1],
  body: unknown = { message: 'hi' },
): Promise<ResponseStream> {
  const handler = streamFunction(chatRoute, logic) as unknown as StreamHandler;
  const stream = new ResponseStream();
  const event = httpEvent({ routeKey: 'POST /api/chat', body: JSON.stringify(body) });
  await handler(event, stream, lambdaContext);
  return stream;
}

async function* pieces(...values: string[]) {
  for (const value of values) yield value;
}

describe('streamFunction', () => {
  it('streams the pieces after a 200 head, and counts a successful request', async () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');

    const stream = await invoke(async ({ body }) => pieces(`you said ${body.message}`, ' / done'));

    expect(stream.metadata).toMatchObject({ statusCode: 200 });
    expect(stream.chunks.join('')).toBe('you said hi / done');
    expect(added.mock.calls).toEqual([['SuccessfulRequests', 'Count', 1]]);
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('answers a refused request with its status and counts it as a client error', async () => {
    const added = vi.spyOn(metrics, 'addMetric');

    const invalid = await invoke(async () => pieces('never'), { message: '' });
    const limited = await invoke(async () => {
      throw rateLimited('Slow down.');
    });

    expect(invalid.metadata?.statusCode).toBe(400);
    expect(limited.metadata?.statusCode).toBe(429);
    expect(added.mock.calls.map((call) => call[0])).toEqual(['ClientErrors', 'ClientErrors']);
  });

  it('logs an unexpected failure with the request id as correlation id, answers 500 and counts a server error', async () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const errors: Record<string, unknown>[] = [];
    // Powertools writes each line as one JSON string through its own console.
    const sink = (logger as unknown as { console: Console }).console;
    vi.spyOn(sink, 'error').mockImplementation((text: unknown) => {
      errors.push(JSON.parse(String(text)) as Record<string, unknown>);
    });
    const level = logger.getLevelName();
    logger.setLogLevel('ERROR');

    const stream = await invoke(async () => {
      throw new Error('model client crashed');
    }).finally(() => logger.setLogLevel(level));

    expect(stream.metadata?.statusCode).toBe(500);
    expect(JSON.parse(stream.chunks.join(''))).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'Unhandled error',
      correlation_id: 'req-1',
      route: 'POST /api/chat',
      function_request_id: lambdaContext.awsRequestId,
    });
    expect(added.mock.calls).toEqual([['ServerErrors', 'Count', 1]]);
  });

  it('traces each invocation and leaves no keys behind for the next one', async () => {
    // Tracing is off outside Lambda; the tracer's middleware still asks, once per invocation, before its segment.
    const traced = vi.spyOn(tracer, 'isTracingEnabled');

    await invoke(async () => pieces('a'));

    expect(traced).toHaveBeenCalled();
    expect(logger.getPersistentLogAttributes()).not.toHaveProperty('route');
  });

  it('loads a route bound with streamFunctionOnFirstUse on its first request only, validates it, retries a failed load', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof streamRoute<typeof chatRoute>>>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue(streamRoute(chatRoute, async ({ body }) => pieces(`lazy ${body.message}`)));
    const handler = streamFunctionOnFirstUse('POST /api/chat', load) as unknown as StreamHandler;
    // @ts-expect-error a key that is not the loaded route's
    streamFunctionOnFirstUse('POST /api/other', load);
    expect(load).not.toHaveBeenCalled();
    const send = async (body: unknown) => {
      const stream = new ResponseStream();
      await handler(httpEvent({ routeKey: 'POST /api/chat', body: JSON.stringify(body) }), stream, lambdaContext);
      return stream;
    };
    expect((await send({ message: 'hi' })).metadata).toMatchObject({ statusCode: 500 });
    const served = await send({ message: 'hi' });
    expect(served.metadata).toMatchObject({ statusCode: 200 });
    expect(served.chunks.join('')).toBe('lazy hi');
    expect((await send({ message: '' })).metadata).toMatchObject({ statusCode: 400 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
