import { routeKey, type RouteDeclaration } from '@shared/routes';

export interface RouteMatch<R extends RouteDeclaration = RouteDeclaration> {
  route: R;
  routeKey: string;
  /** Values of `{param}` segments, URL-decoded; undefined when the route has none (as in API Gateway's event). */
  pathParameters?: Record<string, string>;
}

type Segment = { literal: string } | { param: string; greedy: boolean };

interface CompiledRoute<R extends RouteDeclaration> {
  route: R;
  segments: Segment[];
  literalCount: number;
}

function compile<R extends RouteDeclaration>(route: R): CompiledRoute<R> {
  const segments: Segment[] = route.path
    .split('/')
    .slice(1)
    .map((part) => {
      const param = /^\{([A-Za-z0-9_]+)(\+)?\}$/.exec(part);
      return param ? { param: param[1] as string, greedy: param[2] === '+' } : { literal: part };
    });
  return { route, segments, literalCount: segments.filter((s) => 'literal' in s).length };
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as Segment;
    if ('literal' in segment) {
      if (parts[i] !== segment.literal) return null;
      continue;
    }
    if (segment.greedy) {
      // `{proxy+}` takes the rest of the path; it must be the last segment and match at least one part.
      const rest = parts.slice(i);
      if (rest.length === 0 || rest.some((p) => p === '')) return null;
      const value = decode(rest.join('/'));
      if (value === null) return null;
      params[segment.param] = value;
      return params;
    }
    const part = parts[i];
    if (part === undefined || part === '') return null;
    const value = decode(part);
    if (value === null) return null;
    params[segment.param] = value;
  }
  return parts.length === segments.length ? params : null;
}

/**
 * API Gateway HTTP API route selection: method and path must match; the most
 * specific route wins (more literal segments beat `{param}`, which beats `{proxy+}`).
 * No match at all is API Gateway's 404.
 */
export function createRouteMatcher<R extends RouteDeclaration>(routes: readonly R[]) {
  const compiled = routes.map(compile).sort((a, b) => {
    if (b.literalCount !== a.literalCount) return b.literalCount - a.literalCount;
    const greedy = (c: CompiledRoute<R>) => c.segments.some((s) => 'greedy' in s && s.greedy);
    return Number(greedy(a)) - Number(greedy(b));
  });
  return (method: string, path: string): RouteMatch<R> | null => {
    const parts = path.split('/').slice(1);
    for (const candidate of compiled) {
      if (candidate.route.method !== method.toUpperCase()) continue;
      const params = matchSegments(candidate.segments, parts);
      if (!params) continue;
      const match: RouteMatch<R> = { route: candidate.route, routeKey: routeKey(candidate.route) };
      if (Object.keys(params).length > 0) match.pathParameters = params;
      return match;
    }
    return null;
  };
}
