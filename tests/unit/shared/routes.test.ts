import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { routeKey, routes, type RouteDeclaration } from '@shared/routes';
import { AppError } from '@lambdas/lib/errors';
import { httpFunction, on } from '@lambdas/lib/http/http-function';
import { tableEnvVar } from '@shared/tables';
import { httpEvent, lambdaContext } from '@tests/support/http-event';

/**
 * Bad input is never a 500 (issue 23, finding 10): every route's body, query and path schemas get hostile values
 * field by field (lone surrogates, huge strings, markup, NaN/Infinity/-0/1e308, wrong types, nesting, missing and
 * extra fields). Each schema parses or answers a ZodError, never throws; and through the real request parsing of
 * lambdas/lib/http the reply is a 4xx in the error shape naming the field, never a 5xx.
 */

// The origin-verify secret as Secrets Manager would hand it to the function.
vi.mock('@lambdas/lib/secrets', async () => {
  const { TEST_ORIGIN_VALUE: value } = await import('@tests/support/http-event');
  return { readSecret: vi.fn(async () => ({ value })) };
});
// Everyone owns their workspace (workspace_memberships is not reached).
vi.mock('@lambdas/lib/team/workspace', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  workspaceOf: vi.fn(async (_doc: unknown, _table: string, userId: string) => ({ id: userId, role: 'owner' })),
}));
process.env[tableEnvVar('workspaceMemberships')] = 'adsmith-test-workspace_memberships';

const SEED = 23;
const HUGE = 'x'.repeat(200 * 1024);

/** Values an attacker (or a broken client) sends; fixed ones first, so every field meets each of them. */
const HOSTILE_CONSTANTS: unknown[] = [
  '',
  '   ',
  '<script>alert(1)</script>',
  '\uD800',
  'a\uDC00b',
  HUGE,
  'NaN',
  '-0',
  '1e308',
  '__proto__',
  NaN,
  Infinity,
  -Infinity,
  -0,
  1e308,
  -1e308,
  null,
  true,
  [],
  {},
  [[[]]],
  { a: { b: { c: [1, '2', null] } } },
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_CONSTANTS),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('<', '>', '&', '"', '\\', '\u0000', 'é', '😀')) }),
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.anything({ maxDepth: 2 }),
);
/** Query strings and path segments are text whatever they hold. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_CONSTANTS.filter((v): v is string => typeof v === 'string'), 'NaN', 'Infinity', '1e308'),
  fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('<', '>', '&', '%', '/', '.', '\u0000')) }),
  fc.string(),
);

type Shape = Record<string, z.ZodType>;

/** The object fields a schema reads, through optional/default/pipe/refine wrappers and the options of a union. */
function shapeOf(schema: z.ZodType, depth = 0): Shape | undefined {
  if (depth > 6) return undefined;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      return def.shape as Shape;
    case 'pipe':
      return shapeOf(def.in as z.ZodType, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return shapeOf(def.innerType as z.ZodType, depth + 1);
    case 'union': {
      const shapes = (def.options as z.ZodType[]).map((o) => shapeOf(o, depth + 1)).filter(Boolean) as Shape[];
      return shapes.length ? Object.assign({}, ...shapes) : undefined;
    }
    case 'intersection':
      return { ...shapeOf(def.left as z.ZodType, depth + 1), ...shapeOf(def.right as z.ZodType, depth + 1) };
    default:
      return undefined;
  }
}

/** Every field path down to two levels of nesting (a draft's `brief.appStoreUrl`, a rule's `scope.adAccountId`). */
function fieldPaths(schema: z.ZodType, depth = 0): string[][] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => [
    [key],
    ...(depth < 2 ? fieldPaths(field, depth + 1).map((rest) => [key, ...rest]) : []),
  ]);
}

function placed(path: string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

/** Inputs for one field: the hostile value alone at its path, and beside an unexpected extra field. */
function inputsFor(path: string[], value: unknown): unknown[] {
  return [placed(path, value), { ...placed(path, value), unexpectedExtraField: value }];
}

const declared = Object.entries(routes as Record<string, RouteDeclaration>);
const PARTS = ['body', 'query', 'params'] as const;

function parsesOrZodError(schema: z.ZodType, input: unknown): z.ZodSafeParseResult<unknown> {
  let result: z.ZodSafeParseResult<unknown> | undefined;
  expect(() => (result = schema.safeParse(input))).not.toThrow();
  if (!result!.success) expect(result!.error).toBeInstanceOf(z.ZodError);
  return result!;
}

describe('every route’s input schemas meet hostile values with a ZodError, never a throw', () => {
  const cases = declared.flatMap(([name, route]) =>
    PARTS.filter((part) => route[part]).map((part) => [name, part, route[part]!] as const),
  );

  it.each(cases)('%s %s', (_name, _part, schema) => {
    const paths = fieldPaths(schema);
    // Whole-value hostility (no object at all, missing fields) and each fixed hostile value in each field.
    for (const value of [...HOSTILE_CONSTANTS, undefined]) parsesOrZodError(schema, value);
    for (const path of paths)
      for (const value of HOSTILE_CONSTANTS)
        for (const input of inputsFor(path, value)) parsesOrZodError(schema, input);
    if (paths.length === 0) return;
    fc.assert(
      fc.property(fc.constantFrom(...paths), hostileValue, (path, value) => {
        for (const input of inputsFor(path, value)) parsesOrZodError(schema, input);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });
});

/** Reached only when the hostile request parsed: a 4xx that says so, told apart from the refusals under test. */
const PARSED = 'parsed: the request was valid';
const handler = httpFunction(
  declared.map(([, route]) =>
    on(route, async () => {
      throw new AppError('CONFLICT', PARSED);
    }),
  ),
);

const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);

async function send(route: RouteDeclaration, part: (typeof PARTS)[number], input: unknown) {
  const names = placeholders(route.path);
  const params = Object.fromEntries(names.map((n) => [n, 'x']));
  const text = (value: unknown): Record<string, string> =>
    Object.fromEntries(
      Object.entries((value as Record<string, unknown>) ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
  const body = part === 'body' ? JSON.stringify(input) : route.body ? '{}' : undefined;
  return handler(
    httpEvent({
      routeKey: routeKey(route),
      ...(body === undefined ? {} : { body }),
      ...(part === 'query' ? { queryStringParameters: text(input) } : {}),
      pathParameters: part === 'params' ? { ...params, ...text(input) } : params,
      claims: { sub: 'user-1', username: 'user-1', email: 'user-1@example.com' },
    }),
    lambdaContext,
  );
}

describe('every route answers hostile input with a 4xx in the error shape naming the field, never a 5xx', () => {
  const cases = declared.flatMap(([name, route]) =>
    PARTS.filter((part) => route[part])
      .map((part) => [name, part, route] as const)
      .filter(([, part, r]) => fieldPaths(r[part]!).length > 0),
  );

  it.each(cases)('%s %s', async (_name, part, route) => {
    const schema = route[part]!;
    // Query strings and path segments arrive as text, one level deep.
    const paths = part === 'body' ? fieldPaths(schema) : fieldPaths(schema).filter((p) => p.length === 1);
    if (paths.length === 0) return;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), part === 'body' ? hostileValue : hostileText, async (path, value) => {
        const input = placed(path, value);
        const reply = await send(route, part, input);
        expect(reply.statusCode).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode).toBeLessThan(500);
        const { error } = JSON.parse(reply.body ?? '{}') as {
          error: { code: string; message: string; details?: Record<string, string> };
        };
        expect(error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
        if (error.message === PARSED) return;
        // The schema's own verdict on what was sent (as JSON carries it): the reply names the fields it refused.
        const sent = part === 'body' ? JSON.parse(JSON.stringify(input)) : input;
        const verdict = schema.safeParse(part === 'params' ? { ...sent } : sent);
        if (part === 'body' && !verdict.success) {
          const named = verdict.error.issues.map((i) => ['body', ...i.path.map(String)].join('.'));
          expect(Object.keys(error.details ?? {})).toEqual(expect.arrayContaining([named[0]]));
        }
      }),
      { seed: SEED, numRuns: 12 },
    );
  });
});

describe('public routes say why they need no sign-in (the reason cdk-nag is given)', () => {
  const publicRoutes = Object.entries(routes).filter(([, r]) => r.access === 'public');

  it('every public route has a reason, and only public routes', () => {
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const [name, r] of Object.entries(routes)) {
      const because = (r as RouteDeclaration).publicBecause;
      if (r.access === 'public') expect(because, name).toMatch(/\w{3,}.{30,}/);
      else expect(because, name).toBeUndefined();
    }
  });

  it('the shared-report route owns up to the user data it serves and names its guard', () => {
    expect(routes.mmmSharedReport.publicBecause).toMatch(/user data/);
    expect(routes.mmmSharedReport.publicBecause).toMatch(/token/);
    expect(routes.mmmSharedReport.publicBecause).not.toMatch(/no user data/);
  });
});
