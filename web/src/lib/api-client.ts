import type { z } from 'zod';
import {
  ErrorBodySchema,
  clientErrorCatalogue,
  errorCatalogue,
  type ApiErrorCode,
  type ClientErrorCode,
} from '@shared/errors';
import { routes, type RouteName, type Routes } from '@shared/routes';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';

/**
 * The typed API client. Everything it knows about an endpoint comes from the shared
 * routes table: method, path, body type and the response schema every reply is
 * parsed with, so a server change that breaks the contract fails loudly here.
 */
export type ErrorCode = ApiErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: ErrorCode,
    /** HTTP status; 0 when no reply arrived. */
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

type BodyOf<N extends RouteName> = Routes[N] extends { body: z.ZodType } ? z.input<Routes[N]['body']> : undefined;
type ParamsOf<N extends RouteName> = Routes[N] extends { params: z.ZodType } ? z.input<Routes[N]['params']> : undefined;
type QueryOf<N extends RouteName> = Routes[N] extends { query: z.ZodType } ? z.input<Routes[N]['query']> : undefined;
export type ResponseOf<N extends RouteName> = z.output<Routes[N]['response']>;

export type RequestInput<N extends RouteName> = {
  body?: BodyOf<N>;
  params?: ParamsOf<N>;
  query?: QueryOf<N>;
  signal?: AbortSignal;
};

export interface ApiClientOptions {
  /** Where `/api` lives; same origin in every stage. */
  baseUrl: string;
  /** The Cognito access token, or null when signed out (public routes). */
  getAccessToken: () => Promise<string | null>;
  /**
   * The workspace the signed-in person chose (the switcher), sent as X-Adsmith-Workspace on signed-in routes;
   * null sends none (the server's default). The server checks it on every request.
   */
  workspaceFor?: (accessToken: string) => string | null;
  /** The server refused the workspace sent (403 WORKSPACE_FORBIDDEN): forget it, so the next request uses the default. */
  onWorkspaceRefused?: (accessToken: string) => void;
  fetch?: typeof fetch;
}

function buildUrl(baseUrl: string, path: string, params?: object, query?: object): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const base = baseUrl.replace(/\/$/, '');
  const url = `${base}${filled.replace(/^\/api/, '')}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a non-2xx reply into an ApiError, trusting only bodies that match the shared error shape. */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(code, status, message, details);
  }
  if (status === 401) return new ApiError('AUTH_ERROR', status, errorCatalogue.AUTH_ERROR.message);
  return new ApiError('UNKNOWN_ERROR', status, clientErrorCatalogue.UNKNOWN_ERROR.message);
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<N extends RouteName>(name: N, input: RequestInput<N> = {}): Promise<ResponseOf<N>> {
    const route = routes[name];
    const url = buildUrl(options.baseUrl, route.path, input.params ?? undefined, input.query ?? undefined);
    const headers: Record<string, string> = { accept: 'application/json' };
    let token: string | null = null;
    if (route.access === 'user') {
      token = await options.getAccessToken();
      if (!token) throw new ApiError('AUTH_ERROR', 401, errorCatalogue.AUTH_ERROR.message);
      headers.authorization = `Bearer ${token}`;
      const workspace = options.workspaceFor?.(token);
      if (workspace) headers[WORKSPACE_HEADER] = workspace;
    }
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }

    let response: Response;
    try {
      response = await doFetch(url, { method: route.method, headers, body, signal: input.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError('NETWORK_ERROR', 0, clientErrorCatalogue.NETWORK_ERROR.message);
    }

    const json = await readJson(response);
    if (!response.ok) {
      const error = toApiError(response.status, json);
      if (error.code === 'WORKSPACE_FORBIDDEN' && token && headers[WORKSPACE_HEADER])
        options.onWorkspaceRefused?.(token);
      throw error;
    }

    const parsed = (route.response as z.ZodType).safeParse(json);
    if (!parsed.success) {
      console.error(`Response of ${route.method} ${route.path} does not match its schema`, parsed.error.issues);
      throw new ApiError('UNKNOWN_ERROR', response.status, clientErrorCatalogue.UNKNOWN_ERROR.message);
    }
    return parsed.data as ResponseOf<N>;
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;
