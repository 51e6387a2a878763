import { type z } from 'zod';
import { HealthSchema, MeSchema, UpdateMeSchema } from './schemas/account';

/**
 * The routes table: one entry per endpoint. CDK makes an HTTP API route from each,
 * the local gateway mounts the same entries, the web client takes its types from them.
 * Paths use API Gateway's `{param}` syntax.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAccess = 'public' | 'user';

export interface RouteDeclaration {
  method: HttpMethod;
  path: `/api/${string}` | '/api';
  /** The function (folder under lambdas/) that serves it. */
  fn: string;
  access: RouteAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Status on success; 200 unless said. */
  successStatus?: number;
}

function route<const R extends RouteDeclaration>(declaration: R): R {
  return declaration;
}

export const routes = {
  health: route({ method: 'GET', path: '/api/health', fn: 'health', access: 'public', response: HealthSchema }),
  getMe: route({ method: 'GET', path: '/api/me', fn: 'account', access: 'user', response: MeSchema }),
  updateMe: route({
    method: 'PATCH',
    path: '/api/me',
    fn: 'account',
    access: 'user',
    body: UpdateMeSchema,
    response: MeSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** API Gateway's route key, e.g. `GET /api/me`, also the event's `routeKey`. */
export function routeKey(r: RouteDeclaration): string {
  return `${r.method} ${r.path}`;
}

/** The names of all functions that serve HTTP routes. */
export function httpFunctionNames(): string[] {
  return [...new Set(Object.values(routes).map((r) => r.fn))].sort();
}
