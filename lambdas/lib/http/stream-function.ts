import type { Writable } from 'node:stream';
import type { APIGatewayProxyEventV2, Context, StreamifyHandler } from 'aws-lambda';
import type { z } from 'zod';
import { routeKey, type RouteDeclaration } from '@shared/route-declaration';
import type { RouteKeyOf } from './http-function';
import { notFound } from '../errors';
import { logger } from '../observability';
import { countRequestOutcome, instrumented } from './instrumentation';
import { parseRequest } from './parse-request';
import { errorReply } from './replies';

/**
 * Lambda response streaming (Node.js managed runtime): the runtime provides the global
 * `awslambda` (typed by @types/aws-lambda). `streamifyResponse` marks a handler as streaming;
 * `HttpResponseStream.from` writes the status and headers a function URL in RESPONSE_STREAM
 * mode sends before the body. The twin's execution environment provides the same global
 * (infra/twin/function-worker.mjs).
 */
export interface HttpResponseMetadata {
  statusCode: number;
  headers?: Record<string, string>;
}
type StreamingHandler = StreamifyHandler<APIGatewayProxyEventV2, void>;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface StreamRouteInput<R extends RouteDeclaration> {
  body: Infer<R['body']>;
  event: APIGatewayProxyEventV2;
  context: Context;
}

/** What a streaming route's logic returns: the body's pieces, produced as they are ready. */
export type StreamLogic<R extends RouteDeclaration> = (input: StreamRouteInput<R>) => Promise<AsyncIterable<string>>;

function write(stream: Writable, metadata: HttpResponseMetadata, body?: string): Promise<void> {
  const http = awslambda.HttpResponseStream.from(stream, { ...metadata });
  return new Promise((resolve) => {
    if (body) http.write(body);
    http.end(resolve);
  });
}

/**
 * A streaming route of the routes table (`stream: true`), served through the function's URL.
 * Everything that can be refused is refused before the first byte, as a JSON error with its
 * real status (validation 400, rate limit 429, the model not answering 502/503): the logic's
 * first piece is awaited before the 200 goes out. After that the body streams piece by piece;
 * the logic reports a late failure inside the stream itself.
 */
export function streamFunction<R extends RouteDeclaration>(route: R, logic: StreamLogic<R>): StreamingHandler {
  const binding = streamRoute(route, logic);
  return streamingHandler(`${route.method} ${route.path}`, async () => binding);
}

/** A streaming route bound to its logic, for `streamFunctionOnFirstUse` to load. */
export interface StreamBinding<R extends RouteDeclaration = RouteDeclaration> {
  route: R;
  logic: StreamLogic<RouteDeclaration>;
}

export function streamRoute<R extends RouteDeclaration>(route: R, logic: StreamLogic<R>): StreamBinding<R> {
  return { route, logic: logic as unknown as StreamLogic<RouteDeclaration> };
}

/**
 * `streamFunction` whose route (its schemas) and logic load on the first request, not at init (issue 23 req 15):
 * `load` imports a module that binds it with `streamRoute`, e.g.
 * `streamFunctionOnFirstUse('POST /api/agent', async () => (await import('./agent-route')).agentTurn)`. The key is
 * checked against the loaded route by the compiler and again when it loads; a failed load is tried again.
 */
export function streamFunctionOnFirstUse<R extends RouteDeclaration>(
  key: NoInfer<RouteKeyOf<R>>,
  load: () => Promise<StreamBinding<R>>,
): StreamingHandler {
  let loading: Promise<StreamBinding> | undefined;
  return streamingHandler(key, () => {
    loading ??= load().then(
      (loaded) => {
        if (routeKey(loaded.route) !== key) throw new Error(`${key} loaded the route ${routeKey(loaded.route)}`);
        return loaded as unknown as StreamBinding;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  });
}

function streamingHandler(key: string, binding: () => Promise<StreamBinding>): StreamingHandler {
  // The same Powertools setup as every other wrapper (instrumented()): a tracer segment, metrics flushed at the
  // end, log lines with the Lambda context and the request id as correlation id; the stream rides in the event.
  const serve = instrumented<StreamInvocation, void>(({ event }) => event.requestContext?.requestId)
    .use({ before: () => logger.appendKeys({ route: key }) })
    .handler(async ({ event, responseStream }, context) => {
      countRequestOutcome(await respond(binding, event, responseStream, context));
    });
  return awslambda.streamifyResponse((event, responseStream, context) => serve({ event, responseStream }, context));
}

interface StreamInvocation {
  event: APIGatewayProxyEventV2;
  responseStream: Writable;
}

/** Serves one request onto the stream; returns the status it answered with. */
async function respond(
  binding: () => Promise<StreamBinding>,
  event: APIGatewayProxyEventV2,
  responseStream: Writable,
  context: Context,
): Promise<number> {
  try {
    const { route, logic } = await binding();
    const method = event.requestContext?.http?.method ?? 'POST';
    if (method !== route.method) throw notFound(`Use ${route.method} ${route.path}.`);
    const { body } = parseRequest(route, event);
    const pieces = (await logic({ body, event, context } as StreamRouteInput<RouteDeclaration>))[
      Symbol.asyncIterator
    ]();
    const first = await pieces.next();
    const statusCode = route.successStatus ?? 200;
    const http = awslambda.HttpResponseStream.from(responseStream, {
      statusCode,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
    if (!first.done) {
      http.write(first.value);
      for (let next = await pieces.next(); !next.done; next = await pieces.next()) http.write(next.value);
    }
    await new Promise<void>((resolve) => http.end(resolve));
    return statusCode;
  } catch (error) {
    // Logged here (errors at 5xx, refusals at info), as httpFunction's errorReply does.
    const reply = errorReply(error, logger);
    const statusCode = reply.statusCode ?? 500;
    await write(responseStream, { statusCode, headers: reply.headers as Record<string, string> }, reply.body);
    return statusCode;
  }
}
