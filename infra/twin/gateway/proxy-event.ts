import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import type { RouteMatch } from './route-matcher';

export interface IncomingRequest {
  method: string;
  /** Path plus query, as received (`/api/me?x=1`). */
  url: string;
  /** Node's headers: names already lower-case, repeated ones joined. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  sourceIp: string;
  /** The gateway's own port, for x-forwarded-port. */
  port: number;
}

export interface EventContext {
  requestId: string;
  now: Date;
  /** Present on `access: 'user'` routes once the authorizer accepted the token. */
  jwt?: { claims: JWTPayload; scopes: string[] | null };
}

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  );
}

/**
 * The authorizer hands claims to the function as strings, as API Gateway's HTTP API
 * does: numbers and booleans stringified, arrays as `[a b]`. Code that works here
 * then works in AWS, where `claims.email_verified === true` would never be true.
 */
export function stringifyClaims(claims: JWTPayload): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) result[name] = `[${value.join(' ')}]`;
    else if (typeof value === 'object') result[name] = JSON.stringify(value);
    else result[name] = String(value);
  }
  return result;
}

/** `dd/MMM/yyyy:HH:mm:ss +0000`, the requestContext.time format. */
export function requestTime(now: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getUTCDate())}/${months[now.getUTCMonth()]}/${now.getUTCFullYear()}:${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())} +0000`;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** Query parameters as API Gateway gives them: decoded, repeated names joined with commas. */
export function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const result: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    result[name] = name in result ? `${result[name]},${value}` : value;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function traceId(now: Date, requestId: string): string {
  return `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${requestId.replace(/-/g, '').slice(0, 24)}`;
}

/** Builds the payload-format 2.0 event API Gateway's HTTP API sends to a Lambda integration. */
export function buildProxyEvent(
  request: IncomingRequest,
  match: RouteMatch,
  context: EventContext,
): APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2 {
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1);

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const text = headerText(value);
    // Cookies travel in `cookies`, not as a header, in format 2.0.
    if (text !== undefined && name !== 'cookie') headers[name.toLowerCase()] = text;
  }
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${request.sourceIp}`
    : request.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(request.port);
  headers['x-amzn-trace-id'] = traceId(context.now, context.requestId);

  const cookieHeader = headerText(request.headers.cookie);
  const cookies = cookieHeader ? cookieHeader.split(/;\s*/).filter(Boolean) : undefined;
  const queryStringParameters = queryParameters(rawQueryString);
  const hasBody = request.body.length > 0;
  const isBase64Encoded = hasBody && !isTextContentType(headers['content-type']);
  const host = headers.host ?? `127.0.0.1:${request.port}`;

  const requestContext = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: host,
    domainPrefix: host.split('.')[0] ?? host,
    http: {
      method: request.method,
      path: rawPath,
      protocol: 'HTTP/1.1',
      sourceIp: request.sourceIp,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: context.requestId,
    routeKey: match.routeKey,
    stage: '$default',
    time: requestTime(context.now),
    timeEpoch: context.now.getTime(),
    ...(context.jwt
      ? {
          authorizer: {
            principalId: '',
            integrationLatency: 0,
            jwt: { claims: stringifyClaims(context.jwt.claims), scopes: context.jwt.scopes as string[] },
          },
        }
      : {}),
  };

  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
    requestContext,
    ...(hasBody ? { body: isBase64Encoded ? request.body.toString('base64') : request.body.toString('utf8') } : {}),
    isBase64Encoded,
  } as APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2;
}
