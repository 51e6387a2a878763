import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { MAX_REQUEST_BODY_BYTES } from '@shared/errors';
import type { RouteDeclaration } from '@shared/routes';
import { AppError, conflict } from '@lambdas/lib/errors';
import { httpFunction, on, onFirstUse } from '@lambdas/lib/http/http-function';
import { logger, metrics } from '@lambdas/lib/observability';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { tableEnvVar } from '@shared/tables';
import type { resolveWorkspace } from '@lambdas/lib/team/workspace';
import { httpEvent, lambdaContext, TEST_ORIGIN_VALUE } from '@tests/support/http-event';

// The origin-verify secret as Secrets Manager would hand it to the function.
vi.mock('@lambdas/lib/secrets', async () => {
  const { TEST_ORIGIN_VALUE: value } = await import('@tests/support/http-event');
  return { readSecret: vi.fn(async () => ({ value })) };
});

// Who works in whose workspaces, as workspace_memberships would answer; the resolution itself is the real one
// (lambdas/lib/team/workspace.ts).
const memberships: Record<string, { workspace_id: string; role: string; joined_at: string }[]> = {
  'member-1': [{ workspace_id: 'owner-9', role: 'member', joined_at: '2026-01-01T00:00:00.000Z' }],
  'agent-1': [
    { workspace_id: 'owner-9', role: 'admin', joined_at: '2026-01-01T00:00:00.000Z' },
    { workspace_id: 'client-7', role: 'client', joined_at: '2026-02-01T00:00:00.000Z' },
  ],
};
vi.mock('@lambdas/lib/team/workspace', async (importOriginal) => {
  const actual = await importOriginal<{ resolveWorkspace: typeof resolveWorkspace }>();
  return {
    ...actual,
    workspaceOf: vi.fn(async (_doc: unknown, _table: string, userId: string, requested?: string) =>
      actual.resolveWorkspace(userId, (memberships[userId] ?? []) as never, requested),
    ),
  };
});
process.env[tableEnvVar('workspaceMemberships')] = 'adsmith-test-workspace_memberships';

const echoRoute = {
  method: 'POST',
  path: '/api/echo/{id}',
  fn: 'test',
  access: 'user',
  body: z.object({ text: z.string().min(1, 'Text is required') }).strict(),
  params: z.object({ id: z.string().regex(/^\d+$/, 'Id must be numeric') }),
  response: z.object({ text: z.string(), id: z.string(), sub: z.string() }),
  successStatus: 201,
} as const satisfies RouteDeclaration;

const ownerRoute = {
  method: 'POST',
  path: '/api/owner-only',
  fn: 'test',
  access: 'user',
  workspace: 'owner',
  response: z.object({ sub: z.string() }),
} as const satisfies RouteDeclaration;

const clientReadRoute = {
  method: 'GET',
  path: '/api/client-read',
  fn: 'test',
  access: 'user',
  clientRole: 'reads',
  response: z.object({ sub: z.string(), actor: z.string().nullable(), role: z.string() }),
} as const satisfies RouteDeclaration;

const personalRoute = {
  method: 'GET',
  path: '/api/personal',
  fn: 'test',
  access: 'user',
  workspace: 'personal',
  response: z.object({ sub: z.string(), actor: z.string().nullable() }),
} as const satisfies RouteDeclaration;

const operatorRoute = {
  method: 'GET',
  path: '/api/operators-only',
  fn: 'test',
  access: 'user',
  role: 'operator',
  response: z.object({ sub: z.string() }),
} as const satisfies RouteDeclaration;

const publicRoute = {
  method: 'GET',
  path: '/api/public',
  fn: 'test',
  access: 'public',
  query: z.object({ n: z.coerce.number().int().max(10) }),
  response: z.object({ n: z.number() }),
} as const satisfies RouteDeclaration;

const openedRoute = {
  method: 'GET',
  path: '/api/opened/{id}',
  fn: 'test',
  access: 'user',
  params: z.object({ id: z.string() }),
  response: z.object({ opened: z.string(), id: z.string() }),
} as const satisfies RouteDeclaration;

/** What an opener gives a route (as metaSession() gives a Meta session); id 'refused' makes it fail instead. */
const openedFor = vi.fn(async ({ user, params }: { user: { sub: string }; params: { id: string } }) => {
  if (params.id === 'refused') throw new AppError('META_NOT_CONNECTED');
  return { opened: `opened for ${user.sub}` };
});
const openedLogic = vi.fn(async ({ opened, params }: { opened: string; params: { id: string } }) => ({
  opened,
  id: params.id,
}));

/** Set by the logging test: the fixtures then log one line each (Powertools is silenced in tests, per invocation). */
let logServed = false;
const served = (message: string) => {
  if (!logServed) return;
  logger.setLogLevel('INFO');
  logger.info(message);
};

const handler = httpFunction([
  on(echoRoute, async ({ body, params, user }) => {
    served('echo served');
    return { text: body.text, id: params.id, sub: user.sub };
  }),
  on(ownerRoute, async ({ user }) => ({ sub: user.sub })),
  on(operatorRoute, async ({ user }) => ({ sub: user.sub })),
  on(openedRoute, openedLogic, openedFor),
  on(personalRoute, async ({ user }) => ({ sub: user.sub, actor: user.actor ?? null })),
  on(clientReadRoute, async ({ user }) => ({ sub: user.sub, actor: user.actor ?? null, role: user.role ?? '' })),
  on(publicRoute, async ({ query }) => {
    served('public served');
    if (query.n === 7) throw conflict('Seven is taken.');
    if (query.n === 8) throw new Error('database password is hunter2');
    if (query.n === 9) return { n: 'not a number' } as unknown as { n: number };
    return { n: query.n };
  }),
]);

const echo = (body: string | undefined, extra: Parameters<typeof httpEvent>[0] = {}) =>
  handler(
    httpEvent({
      routeKey: 'POST /api/echo/{id}',
      body,
      pathParameters: { id: '42' },
      claims: { sub: 'user-1', username: 'user-1' },
      ...extra,
    }),
    lambdaContext,
  );

const errorOf = (reply: { body?: string }) => JSON.parse(reply.body ?? '{}').error;

describe('httpFunction', () => {
  it('refuses with 403 a request that did not come through CloudFront (origin header missing or wrong)', async () => {
    const body = JSON.stringify({ text: 'hi' });
    for (const value of [undefined, '', 'guess', `${TEST_ORIGIN_VALUE}x`, TEST_ORIGIN_VALUE.slice(1)]) {
      const reply = await echo(body, { headers: { [ORIGIN_VERIFY_HEADER]: value } });
      expect(reply.statusCode).toBe(403);
      expect(errorOf(reply)).toEqual({ code: 'FORBIDDEN', message: 'Call the API through the Adsmith site.' });
    }
    const publicReply = await handler(
      httpEvent({
        routeKey: 'GET /api/public',
        queryStringParameters: { n: '1' },
        headers: { [ORIGIN_VERIFY_HEADER]: undefined },
      }),
      lambdaContext,
    );
    expect(publicReply.statusCode).toBe(403);
    expect((await echo(body)).statusCode).toBe(201);
  });

  it('validates, passes the verified user and answers with the success status', async () => {
    const reply = await echo(JSON.stringify({ text: 'hi' }));
    expect(reply.statusCode).toBe(201);
    expect(JSON.parse(reply.body!)).toEqual({ text: 'hi', id: '42', sub: 'user-1' });
    expect(reply.headers?.['content-type']).toMatch(/application\/json/);
  });

  it('rejects a body that breaks the schema with VALIDATION_ERROR and field details', async () => {
    const reply = await echo(JSON.stringify({ text: '' }));
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Text is required (text)',
      details: { 'body.text': 'Text is required' },
    });
  });

  it('rejects unknown body fields, malformed JSON, a missing body and a wrong content type', async () => {
    expect((await echo(JSON.stringify({ text: 'a', admin: true }))).statusCode).toBe(400);
    expect(errorOf(await echo('{"text":'))).toMatchObject({ message: 'The request body is not valid JSON.' });
    expect(errorOf(await echo(undefined))).toMatchObject({ message: 'A JSON request body is required.' });
    const asText = await echo('{"text":"a"}', { headers: { 'content-type': 'text/plain' } });
    expect(errorOf(asText)).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('rejects bad path parameters', async () => {
    const reply = await echo(JSON.stringify({ text: 'a' }), { pathParameters: { id: 'abc' } });
    expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', details: { 'params.id': 'Id must be numeric' } });
  });

  it('answers 413 for a body over the limit, before parsing it', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(MAX_REQUEST_BODY_BYTES) });
    const reply = await echo(big);
    expect(reply.statusCode).toBe(413);
    expect(errorOf(reply).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('applies a route’s own smaller body limit', async () => {
    const smallRoute = {
      ...echoRoute,
      path: '/api/small/{id}',
      maxBodyBytes: 1024,
    } as const satisfies RouteDeclaration;
    const small = httpFunction([
      on(smallRoute, async ({ body, params, user }) => ({ ...body, id: params.id, sub: user.sub })),
    ]);
    const send = (text: string) =>
      small(
        httpEvent({
          routeKey: 'POST /api/small/{id}',
          body: JSON.stringify({ text }),
          pathParameters: { id: '7' },
          claims: { sub: 'user-1', username: 'user-1' },
        }),
        lambdaContext,
      );
    expect((await send('x'.repeat(900))).statusCode).toBe(201);
    const tooBig = await send('x'.repeat(1100));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 1 KiB.',
    });
  });

  it('counts base64 bodies by their decoded size', async () => {
    const body = Buffer.from(JSON.stringify({ text: 'hi' })).toString('base64');
    const reply = await echo(body, { isBase64Encoded: true });
    expect(reply.statusCode).toBe(201);
  });

  it('answers 401 when a user route has no verified subject', async () => {
    const reply = await echo(JSON.stringify({ text: 'hi' }), { claims: {} });
    expect(reply.statusCode).toBe(401);
    expect(errorOf(reply).code).toBe('AUTH_ERROR');
  });

  it('turns typed errors into their catalogue status', async () => {
    const reply = await handler(
      httpEvent({ routeKey: 'GET /api/public', queryStringParameters: { n: '7' } }),
      lambdaContext,
    );
    expect(reply.statusCode).toBe(409);
    expect(errorOf(reply)).toEqual({ code: 'CONFLICT', message: 'Seven is taken.' });
  });

  it('hides unexpected errors behind INTERNAL_ERROR with no stack or message leak', async () => {
    const reply = await handler(
      httpEvent({ routeKey: 'GET /api/public', queryStringParameters: { n: '8' } }),
      lambdaContext,
    );
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toMatch(/hunter2|at .*\.ts/);
    expect(errorOf(reply)).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' });
  });

  it('refuses to send a reply that breaks the route contract', async () => {
    const reply = await handler(
      httpEvent({ routeKey: 'GET /api/public', queryStringParameters: { n: '9' } }),
      lambdaContext,
    );
    expect(reply.statusCode).toBe(500);
  });

  it('validates the query string', async () => {
    const reply = await handler(
      httpEvent({ routeKey: 'GET /api/public', queryStringParameters: { n: '11' } }),
      lambdaContext,
    );
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).details).toHaveProperty('query.n');
  });

  it('answers NOT_FOUND for a route key it does not serve', async () => {
    const reply = await handler(httpEvent({ routeKey: 'GET /api/nope' }), lambdaContext);
    expect(reply.statusCode).toBe(404);
    expect(errorOf(reply).code).toBe('NOT_FOUND');
  });

  it('keeps AppError bodies in the shared error shape', () => {
    expect(new AppError('RATE_LIMITED').toBody()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' },
    });
  });

  it('counts every request by outcome', async () => {
    const addMetric = vi.spyOn(metrics, 'addMetric');
    await echo(JSON.stringify({ text: 'hi' }));
    await echo(JSON.stringify({ text: '' }));
    await handler(httpEvent({ routeKey: 'GET /api/public', queryStringParameters: { n: '8' } }), lambdaContext);
    expect(addMetric.mock.calls.map((c) => c[0])).toEqual(['SuccessfulRequests', 'ClientErrors', 'ServerErrors']);
    addMetric.mockRestore();
  });

  it("names the verified user in every log line of a user's request, and nobody on the next public one", async () => {
    const lines: Record<string, unknown>[] = [];
    // Powertools writes each line as one JSON string through its own console.
    const sink = (logger as unknown as { console: Console }).console;
    const write = vi.spyOn(sink, 'info').mockImplementation((text: unknown) => {
      lines.push(JSON.parse(String(text)) as Record<string, unknown>);
    });
    const level = logger.getLevelName();
    logServed = true;
    try {
      await echo(JSON.stringify({ text: 'hi' }), {
        headers: { 'content-type': 'application/json', authorization: 'Bearer secret-token' },
      });
      await handler(httpEvent({ routeKey: 'GET /api/public', queryStringParameters: { n: '1' } }), lambdaContext);
    } finally {
      logServed = false;
      logger.setLogLevel(level);
      write.mockRestore();
    }
    const echoLine = lines.find((line) => line.message === 'echo served');
    const publicLine = lines.find((line) => line.message === 'public served');
    expect(echoLine).toMatchObject({ userId: 'user-1', routeKey: 'POST /api/echo/{id}' });
    expect(JSON.stringify(echoLine)).not.toContain('secret-token');
    expect(publicLine).toBeDefined();
    expect(publicLine).not.toHaveProperty('userId');
  });

  it('keys a member’s request by the workspace (the owner’s sub) and keeps the person as actor', async () => {
    const asMember = await echo(JSON.stringify({ text: 'hi' }), { claims: { sub: 'member-1', username: 'member-1' } });
    expect(JSON.parse(asMember.body ?? '{}')).toMatchObject({ sub: 'owner-9' });
    const asOwner = await echo(JSON.stringify({ text: 'hi' }), { claims: { sub: 'owner-9', username: 'owner-9' } });
    expect(JSON.parse(asOwner.body ?? '{}')).toMatchObject({ sub: 'owner-9' });
    // A personal route (profile, team) sees the person, not the workspace.
    const personal = await handler(
      httpEvent({ routeKey: 'GET /api/personal', claims: { sub: 'member-1', username: 'member-1' } }),
      lambdaContext,
    );
    expect(JSON.parse(personal.body ?? '{}')).toEqual({ sub: 'member-1', actor: null });
  });

  it('refuses a member an owner-only route with 403 OWNER_ONLY, and serves the owner', async () => {
    const call = (sub: string) =>
      handler(httpEvent({ routeKey: 'POST /api/owner-only', claims: { sub, username: sub } }), lambdaContext);
    const member = await call('member-1');
    expect(member.statusCode).toBe(403);
    expect(errorOf(member).code).toBe('OWNER_ONLY');
    const owner = await call('owner-9');
    expect(owner.statusCode).toBe(200);
    expect(JSON.parse(owner.body ?? '{}')).toEqual({ sub: 'owner-9' });
  });

  // Issue 28, requirement 1: the workspace a request names is checked against the caller's memberships.
  describe('the workspace a request names (X-Adsmith-Workspace)', () => {
    const read = (sub: string, workspace?: string) =>
      handler(
        httpEvent({
          routeKey: 'GET /api/client-read',
          claims: { sub, username: sub },
          ...(workspace === undefined ? {} : { headers: { 'X-Adsmith-Workspace': workspace } }),
        }),
        lambdaContext,
      );
    const bodyOf = (reply: { body?: string }) => JSON.parse(reply.body ?? '{}') as Record<string, unknown>;

    it('works in a workspace the person belongs to, with their role there; absent, in their default', async () => {
      expect(bodyOf(await read('agent-1', 'client-7'))).toEqual({ sub: 'client-7', actor: 'agent-1', role: 'client' });
      expect(bodyOf(await read('agent-1', 'owner-9'))).toEqual({ sub: 'owner-9', actor: 'agent-1', role: 'admin' });
      expect(bodyOf(await read('agent-1', 'agent-1'))).toEqual({ sub: 'agent-1', actor: null, role: 'owner' });
      // No header: the oldest membership, as when a person belonged to one team at most.
      expect(bodyOf(await read('agent-1'))).toEqual({ sub: 'owner-9', actor: 'agent-1', role: 'admin' });
      expect(bodyOf(await read('user-5'))).toEqual({ sub: 'user-5', actor: null, role: 'owner' });
    });

    it('refuses a workspace they do not belong to with 403 WORKSPACE_FORBIDDEN, and a malformed one with 400', async () => {
      for (const [sub, foreign] of [
        ['member-1', 'client-7'],
        ['user-5', 'owner-9'],
        ['agent-1', 'member-1'],
      ] as const) {
        const reply = await read(sub, foreign);
        expect(reply.statusCode, `${sub} → ${foreign}`).toBe(403);
        expect(errorOf(reply).code).toBe('WORKSPACE_FORBIDDEN');
        expect(errorOf(reply).message).toContain('not a member of that workspace');
      }
      const malformed = await read('agent-1', '../owner-9');
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).details).toHaveProperty('x-adsmith-workspace');
    });

    it('refuses a client every route that does not declare it theirs, and an owner route to an admin', async () => {
      const headers = { 'content-type': 'application/json', 'x-adsmith-workspace': 'client-7' };
      const write = await echo(JSON.stringify({ text: 'hi' }), {
        claims: { sub: 'agent-1', username: 'agent-1' },
        headers,
      });
      expect(write.statusCode).toBe(403);
      expect(errorOf(write).code).toBe('CLIENT_READ_ONLY');
      const ownerOnly = await handler(
        httpEvent({
          routeKey: 'POST /api/owner-only',
          claims: { sub: 'agent-1', username: 'agent-1' },
          headers: { 'x-adsmith-workspace': 'owner-9' },
        }),
        lambdaContext,
      );
      expect(errorOf(ownerOnly).code).toBe('OWNER_ONLY');
    });
  });

  // Issue 25, requirement 11: the deployment's own pages belong to its operators (the Cognito group), not customers.
  it('refuses a customer an operator route with 403, and serves a member of the operators group', async () => {
    const call = (claims: Record<string, unknown>) =>
      handler(
        httpEvent({ routeKey: 'GET /api/operators-only', claims: { sub: 'user-1', username: 'user-1', ...claims } }),
        lambdaContext,
      );
    const customer = await call({});
    expect(customer.statusCode).toBe(403);
    expect(errorOf(customer).code).toBe('FORBIDDEN');
    expect((await call({ 'cognito:groups': '[marketers]' })).statusCode).toBe(403);
    // API Gateway's JWT authorizer hands array claims over as one string, "[a b]".
    const operator = await call({ 'cognito:groups': '[marketers operators]' });
    expect(operator.statusCode).toBe(200);
    expect((await call({ 'cognito:groups': ['operators'] })).statusCode).toBe(200);
  });

  it('opens what a route declares before its logic, for the workspace user, and answers its refusal', async () => {
    const call = (id: string, sub = 'member-1') =>
      handler(
        httpEvent({ routeKey: 'GET /api/opened/{id}', pathParameters: { id }, claims: { sub, username: sub } }),
        lambdaContext,
      );
    const reply = await call('7');
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(reply.body ?? '{}')).toEqual({ opened: 'opened for owner-9', id: '7' });
    openedLogic.mockClear();
    const refused = await call('refused', 'user-1');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('META_NOT_CONNECTED');
    expect(openedLogic).not.toHaveBeenCalled();
  });

  it('loads a route bound with onFirstUse on its first request only, and serves it with the same checks', async () => {
    const load = vi.fn(async () =>
      on(echoRoute, async ({ body, params, user }) => ({ ...body, id: params.id, sub: user.sub })),
    );
    const lazy = httpFunction([onFirstUse('POST /api/echo/{id}', load)]);
    // The compiler holds the key to the loaded route's method and path.
    // @ts-expect-error a key that is not the loaded route's
    onFirstUse('POST /api/echo/{other}', load);
    const send = (text: string) =>
      lazy(
        httpEvent({
          routeKey: 'POST /api/echo/{id}',
          body: JSON.stringify({ text }),
          pathParameters: { id: '5' },
          claims: { sub: 'user-1', username: 'user-1' },
        }),
        lambdaContext,
      );
    expect((await lazy(httpEvent({ routeKey: 'GET /api/elsewhere' }), lambdaContext)).statusCode).toBe(404);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([send('hi'), send('again')]);
    expect(first.statusCode).toBe(201);
    expect(JSON.parse(second.body!)).toEqual({ text: 'again', id: '5', sub: 'user-1' });
    const invalid = await send('');
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({ code: 'VALIDATION_ERROR', details: { 'body.text': 'Text is required' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers 500 when a route fails to load or loads another route, and tries a failed load again', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof on<typeof publicRoute>>>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue(on(publicRoute, async ({ query }) => ({ n: query.n })));
    const wrong = async () => on(echoRoute, async () => ({ text: 'x', id: 'x', sub: 'x' }));
    const lazy = httpFunction([
      onFirstUse('GET /api/public', load),
      // A cast past the compiler's check of the key: the loaded route's declaration is checked again.
      onFirstUse('GET /api/wrong' as never, wrong),
    ]);
    const call = (routeKey: string) => lazy(httpEvent({ routeKey, queryStringParameters: { n: '3' } }), lambdaContext);
    expect((await call('GET /api/public')).statusCode).toBe(500);
    const retried = await call('GET /api/public');
    expect(retried.statusCode).toBe(200);
    expect(JSON.parse(retried.body!)).toEqual({ n: 3 });
    expect(load).toHaveBeenCalledTimes(2);
    const mismatch = await call('GET /api/wrong');
    expect(mismatch.statusCode).toBe(500);
    expect(errorOf(mismatch).code).toBe('INTERNAL_ERROR');
  });
});
