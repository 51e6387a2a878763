import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import {
  buildProxyEvent,
  isTextContentType,
  queryParameters,
  requestTime,
  stringifyClaims,
  type IncomingRequest,
} from '@infra/twin/gateway/proxy-event';

const now = new Date('2026-03-05T07:08:09.123Z');
const requestId = '11111111-2222-3333-4444-555555555555';

function request(overrides: Partial<IncomingRequest> = {}): IncomingRequest {
  return {
    method: 'GET',
    url: '/api/campaigns/c1?limit=5&tag=a&tag=b',
    headers: { host: '127.0.0.1:3001', 'user-agent': 'vitest', accept: 'application/json', cookie: 'a=1; b=2' },
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
    port: 3001,
    ...overrides,
  };
}

const match = { route: {} as never, routeKey: 'GET /api/campaigns/{campaignId}', pathParameters: { campaignId: 'c1' } };

describe('buildProxyEvent', () => {
  it('builds a payload-format 2.0 event', () => {
    const event = buildProxyEvent(request(), match, { requestId, now }) as APIGatewayProxyEventV2WithJWTAuthorizer;

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/campaigns/{campaignId}',
      rawPath: '/api/campaigns/c1',
      rawQueryString: 'limit=5&tag=a&tag=b',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { limit: '5', tag: 'a,b' },
      pathParameters: { campaignId: 'c1' },
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        http: {
          method: 'GET',
          path: '/api/campaigns/c1',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'vitest',
        },
        requestId,
        routeKey: 'GET /api/campaigns/{campaignId}',
        stage: '$default',
        time: '05/Mar/2026:07:08:09 +0000',
        timeEpoch: now.getTime(),
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.requestContext).not.toHaveProperty('authorizer');
  });

  it('lower-cases headers, drops the cookie header and adds the forwarding headers', () => {
    const event = buildProxyEvent(request({ headers: { 'X-Custom': 'v', cookie: 'a=1' } }), match, { requestId, now });

    expect(event.headers).toMatchObject({
      'x-custom': 'v',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-port': '3001',
    });
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.headers['x-amzn-trace-id']).toMatch(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24}$/);
  });

  it('omits query and path parameters when there are none', () => {
    const event = buildProxyEvent(
      request({ url: '/api/health' }),
      { route: {} as never, routeKey: 'GET /api/health' },
      { requestId, now },
    );

    expect(event).not.toHaveProperty('queryStringParameters');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event.rawQueryString).toBe('');
  });

  it('passes a JSON body as text and a binary body as base64', () => {
    const json = buildProxyEvent(
      request({ method: 'PATCH', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":1}') }),
      match,
      { requestId, now },
    );
    const binary = buildProxyEvent(
      request({ method: 'POST', headers: { 'content-type': 'image/png' }, body: Buffer.from([0, 1, 2]) }),
      match,
      { requestId, now },
    );

    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    expect(binary).toMatchObject({ body: 'AAEC', isBase64Encoded: true });
  });

  it('adds the authorizer block with stringified claims for user routes', () => {
    const event = buildProxyEvent(request(), match, {
      requestId,
      now,
      jwt: {
        claims: { sub: 'u1', exp: 1700000000, email_verified: true, 'cognito:groups': ['a', 'b'] },
        scopes: ['openid'],
      },
    }) as APIGatewayProxyEventV2WithJWTAuthorizer;

    expect(event.requestContext.authorizer.jwt).toEqual({
      claims: { sub: 'u1', exp: '1700000000', email_verified: 'true', 'cognito:groups': '[a b]' },
      scopes: ['openid'],
    });
  });
});

describe('helpers', () => {
  it('treats text, JSON, XML and forms as text; other types as binary', () => {
    for (const type of [
      'text/plain',
      'application/json; charset=utf-8',
      'application/ld+json',
      'application/xml',
      'application/x-www-form-urlencoded',
    ]) {
      expect(isTextContentType(type)).toBe(true);
    }
    for (const type of ['image/png', 'application/octet-stream', 'application/pdf'])
      expect(isTextContentType(type)).toBe(false);
  });

  it('joins repeated query parameters with commas and decodes them', () => {
    expect(queryParameters('a=1&a=2&b=x%20y')).toEqual({ a: '1,2', b: 'x y' });
    expect(queryParameters('')).toBeUndefined();
  });

  it('formats requestContext.time like API Gateway', () => {
    expect(requestTime(new Date('2026-12-31T23:59:58Z'))).toBe('31/Dec/2026:23:59:58 +0000');
  });

  it('skips null claims', () => {
    expect(stringifyClaims({ a: null as never, b: 'x' })).toEqual({ b: 'x' });
  });
});
