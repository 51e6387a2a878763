import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayHandler } from '@infra/twin/gateway/gateway-handler';
import type { AuthorizerResult } from '@infra/twin/gateway/jwt-authorizer';
import type { RouteDeclaration } from '@shared/routes';
import { HealthSchema } from '@shared/schemas/account';

const routes: RouteDeclaration[] = [
  { method: 'GET', path: '/api/open', fn: 'open', access: 'public', response: HealthSchema },
  { method: 'POST', path: '/api/items/{id}', fn: 'items', access: 'user', response: HealthSchema },
  { method: 'POST', path: '/api/talk', fn: 'talk', access: 'public', response: HealthSchema, stream: true },
];

const invoke = vi.fn(async (_fn: string, _event: unknown): Promise<unknown> => ({
  statusCode: 200,
  body: '{"ok":true}',
}));
const authorize = vi.fn(async (token: string): Promise<AuthorizerResult> =>
  token === 'good' ? { ok: true, claims: { sub: 'u1', exp: 1 }, scopes: null } : { ok: false, reason: 'bad' },
);
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(gatewayHandler({ routes, runner: { invoke }, authorize, port: () => 0 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gatewayHandler', () => {
  it("invokes the route's function with the event and returns its reply", async () => {
    const reply = await fetch(`${base}/api/items/7?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
      body: '{"a":1}',
    });

    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ ok: true });
    const [fn, event] = invoke.mock.lastCall as [string, Record<string, unknown>];
    expect(fn).toBe('items');
    expect(event).toMatchObject({
      routeKey: 'POST /api/items/{id}',
      pathParameters: { id: '7' },
      body: '{"a":1}',
      requestContext: { authorizer: { jwt: { claims: { sub: 'u1', exp: '1' } } } },
    });
  });

  it('answers 401 {"message":"Unauthorized"} without calling the function when the token is refused', async () => {
    invoke.mockClear();

    const reply = await fetch(`${base}/api/items/7`, { method: 'POST', headers: { authorization: 'Bearer forged' } });

    expect(reply.status).toBe(401);
    expect(await reply.json()).toEqual({ message: 'Unauthorized' });
    expect(reply.headers.get('www-authenticate')).toContain('invalid_token');
    expect(invoke).not.toHaveBeenCalled();
  });

  it('does not ask for a token on public routes', async () => {
    authorize.mockClear();

    expect((await fetch(`${base}/api/open`)).status).toBe(200);
    expect(authorize).not.toHaveBeenCalled();
  });

  it('answers 500 {"message":"Internal Server Error"} when the function throws', async () => {
    invoke.mockRejectedValueOnce(new Error('boom'));
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);

    const reply = await fetch(`${base}/api/open`);

    expect(reply.status).toBe(500);
    expect(await reply.json()).toEqual({ message: 'Internal Server Error' });
  });

  describe('a streaming route, as CloudFront’s origin access control and the function URL treat it', () => {
    const body = '{"messages":[{"role":"user","content":"hi"}]}';
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

    it('answers 403 AccessDeniedException without calling the function when the body hash is missing', async () => {
      invoke.mockClear();
      const reply = await fetch(`${base}/api/talk`, { method: 'POST', body });
      expect(reply.status).toBe(403);
      expect(reply.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
      expect(((await reply.json()) as { Message: string }).Message).toMatch(/^Forbidden/);
      expect(invoke).not.toHaveBeenCalled();
    });

    it('answers 403 InvalidSignatureException when the hash is not the body’s', async () => {
      invoke.mockClear();
      const reply = await fetch(`${base}/api/talk`, {
        method: 'POST',
        headers: { 'x-amz-content-sha256': sha256(`${body} `) },
        body,
      });
      expect(reply.status).toBe(403);
      expect(reply.headers.get('x-amzn-errortype')).toBe('InvalidSignatureException');
      expect(invoke).not.toHaveBeenCalled();
    });

    it('passes a hashed request on without the viewer’s Authorization, which CloudFront replaces with its signature', async () => {
      invoke.mockClear();
      const reply = await fetch(`${base}/api/talk`, {
        method: 'POST',
        headers: {
          'x-amz-content-sha256': sha256(body),
          authorization: 'Bearer viewer',
          'x-adsmith-authorization': 'Bearer viewer',
          // Neither is in the behaviour's origin request policy; CloudFront writes the viewer address itself.
          cookie: 'session=abc',
          'cloudfront-viewer-address': '203.0.113.66:1234',
        },
        body,
      });
      expect(reply.status).toBe(200);
      await reply.arrayBuffer();
      const [fn, event] = invoke.mock.lastCall as [string, { headers: Record<string, string>; body: string }];
      expect(fn).toBe('talk');
      expect(event.body).toBe(body);
      expect(event.headers.authorization).toBeUndefined();
      expect(event.headers['x-adsmith-authorization']).toBe('Bearer viewer');
      expect(event.headers['x-amz-content-sha256']).toBe(sha256(body));
      expect(event.headers.cookie).toBeUndefined();
      expect(event.headers['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.1:\d+$/);
    });
  });
});
