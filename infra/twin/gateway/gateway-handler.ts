import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { RouteDeclaration } from '@shared/routes';
import { FunctionTimeoutError, type FunctionRunner, type ResponseSink } from '../function-runner';
import { BodyTooLargeError, readBody } from '../http-io';
import { gatewayMessage, internalServerError, replyFromResult, type GatewayReply } from './handler-reply';
import type { AuthorizerResult } from './jwt-authorizer';
import { tokenFromAuthorizationHeader } from './jwt-authorizer';
import { headersPastOriginAccessControl, refusedByOriginAccessControl } from './origin-access-control';
import { buildProxyEvent } from './proxy-event';
import { createRouteMatcher } from './route-matcher';

/**
 * API Gateway's own payload limit. Bodies under it reach the function, whose
 * middleware applies the product's smaller limit (413 PAYLOAD_TOO_LARGE).
 */
export const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  routes: readonly RouteDeclaration[];
  /** Runs `lambdas/<fn>`; only `invoke` is needed, so tests can pass a stand-in. */
  runner: Pick<FunctionRunner, 'invoke'>;
  authorize: (token: string) => Promise<AuthorizerResult>;
  /** The port the gateway listens on, for x-forwarded-port; set once listening. */
  port: () => number;
  /** One line per request on stdout. */
  logRequests?: boolean;
}

function unauthorized(reason: string): GatewayReply {
  return gatewayMessage(401, 'Unauthorized', {
    'www-authenticate': `Bearer scope="" error="invalid_token" error_description="${reason.replace(/"/g, "'")}"`,
  });
}

function send(res: ServerResponse, reply: GatewayReply, requestId: string): void {
  const headers: Record<string, string | string[]> = {
    ...reply.headers,
    'apigw-requestid': requestId,
    'content-length': String(reply.body.length),
  };
  if (reply.cookies.length > 0) headers['set-cookie'] = reply.cookies;
  res.writeHead(reply.statusCode, headers);
  res.end(reply.body);
}

/**
 * The local HTTP API: the routes table mounted on the real handlers, the JWT
 * authorizer on `access: 'user'` routes, and API Gateway's own replies for
 * what never reaches a function (404, 401, 413, 500, 503).
 */
export function gatewayHandler(options: GatewayOptions): RequestListener {
  const match = createRouteMatcher(options.routes);

  /**
   * A `stream` route: in AWS its function's URL in RESPONSE_STREAM mode, which sends the head the
   * handler set and then each chunk as it is written. Null once answered; a reply if nothing was sent.
   */
  async function stream(
    res: ServerResponse,
    fn: string,
    event: unknown,
    requestId: string,
    routeKey: string,
  ): Promise<GatewayReply | null> {
    let started = false;
    const sink: ResponseSink = {
      head: (metadata) => {
        started = true;
        const headers: Record<string, string | string[]> = { 'x-amzn-requestid': requestId };
        for (const [name, value] of Object.entries(metadata.headers ?? {})) headers[name.toLowerCase()] = value;
        if (metadata.cookies?.length) headers['set-cookie'] = metadata.cookies;
        res.writeHead(metadata.statusCode, headers);
        res.flushHeaders();
      },
      chunk: (bytes) => {
        res.write(bytes);
      },
    };
    try {
      await options.runner.invoke(fn, event, sink);
      if (!started) sink.head({ statusCode: 200, headers: { 'content-type': 'application/octet-stream' } });
      res.end();
      return null;
    } catch (error) {
      console.error(`[api] ${routeKey} (lambdas/${fn}, streaming) failed:`, error);
      if (!started)
        return error instanceof FunctionTimeoutError
          ? gatewayMessage(503, 'Service Unavailable')
          : internalServerError();
      // Part of the body is out: as with a function URL, the connection just ends.
      res.destroy();
      return null;
    }
  }

  async function handle(req: IncomingMessage, requestId: string, res: ServerResponse): Promise<GatewayReply | null> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const path = url.split('?')[0] ?? '/';
    const matched = match(method, path);
    if (!matched) return gatewayMessage(404, 'Not Found');

    let body: Buffer;
    try {
      body = await readBody(req, GATEWAY_MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return gatewayMessage(413, 'Request Entity Too Large');
      throw error;
    }

    // A streaming route is a function URL behind CloudFront's origin access control in AWS: the same rules here.
    if (matched.route.stream) {
      const refused = refusedByOriginAccessControl(method, req.headers, body);
      if (refused) return refused;
    }

    let jwt: { claims: Record<string, unknown>; scopes: string[] | null } | undefined;
    if (matched.route.access === 'user') {
      const header = req.headers.authorization;
      const token = tokenFromAuthorizationHeader(Array.isArray(header) ? header[0] : header);
      if (!token) return unauthorized('missing token');
      const verdict = await options.authorize(token);
      if (!verdict.ok) return unauthorized(verdict.reason);
      jwt = { claims: verdict.claims, scopes: verdict.scopes };
    }

    const event = buildProxyEvent(
      {
        method,
        url,
        headers: matched.route.stream
          ? headersPastOriginAccessControl(req.headers, {
              ip: req.socket.remoteAddress ?? '127.0.0.1',
              port: req.socket.remotePort ?? 0,
            })
          : req.headers,
        body,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        port: options.port(),
      },
      matched,
      { requestId, now: new Date(), jwt },
    );
    if (matched.route.stream) return stream(res, matched.route.fn, event, requestId, matched.routeKey);
    try {
      return replyFromResult(await options.runner.invoke(matched.route.fn, event));
    } catch (error) {
      if (error instanceof FunctionTimeoutError) {
        console.error(`[api] ${matched.routeKey}: ${error.message}`);
        return gatewayMessage(503, 'Service Unavailable');
      }
      // A function that throws is API Gateway's 500; the stack goes to this log, as to CloudWatch.
      console.error(`[api] ${matched.routeKey} (lambdas/${matched.route.fn}) threw:`, error);
      return internalServerError();
    }
  }

  return (req, res) => {
    const requestId = randomUUID();
    const started = Date.now();
    handle(req, requestId, res)
      .catch((error: unknown) => {
        console.error('[api] request failed:', error);
        return res.headersSent ? null : internalServerError();
      })
      .then((reply) => {
        if (reply) send(res, reply, requestId);
        if (options.logRequests)
          console.log(
            `[api] ${req.method} ${req.url?.split('?')[0]} ${reply?.statusCode ?? res.statusCode} ${Date.now() - started} ms`,
          );
      });
  };
}
