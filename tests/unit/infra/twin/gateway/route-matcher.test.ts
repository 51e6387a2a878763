import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '@infra/twin/gateway/route-matcher';
import { routes, type RouteDeclaration } from '@shared/routes';
import { HealthSchema } from '@shared/schemas/account';

const declare = (method: RouteDeclaration['method'], path: RouteDeclaration['path']): RouteDeclaration => ({
  method,
  path,
  fn: 'test',
  access: 'public',
  response: HealthSchema,
});

describe('createRouteMatcher', () => {
  const match = createRouteMatcher([
    declare('GET', '/api/campaigns/{campaignId}'),
    declare('GET', '/api/campaigns/summary'),
    declare('PATCH', '/api/campaigns/{campaignId}'),
    declare('GET', '/api/accounts/{accountId}/campaigns/{campaignId}'),
    declare('GET', '/api/files/{proxy+}'),
  ]);

  it('matches a {param} segment and decodes its value', () => {
    const found = match('GET', '/api/campaigns/c%201');

    expect(found?.routeKey).toBe('GET /api/campaigns/{campaignId}');
    expect(found?.pathParameters).toEqual({ campaignId: 'c 1' });
  });

  it('prefers a literal segment over a {param}', () => {
    const found = match('GET', '/api/campaigns/summary');

    expect(found?.routeKey).toBe('GET /api/campaigns/summary');
    expect(found?.pathParameters).toBeUndefined();
  });

  it('matches several params', () => {
    expect(match('GET', '/api/accounts/act_1/campaigns/42')?.pathParameters).toEqual({
      accountId: 'act_1',
      campaignId: '42',
    });
  });

  it('lets {proxy+} take the rest of the path', () => {
    expect(match('GET', '/api/files/a/b/c.txt')?.pathParameters).toEqual({ proxy: 'a/b/c.txt' });
    expect(match('GET', '/api/files/')).toBeNull();
  });

  it('selects by method', () => {
    expect(match('PATCH', '/api/campaigns/7')?.routeKey).toBe('PATCH /api/campaigns/{campaignId}');
    expect(match('DELETE', '/api/campaigns/7')).toBeNull();
  });

  it('does not match an empty param, a trailing slash or extra segments', () => {
    expect(match('GET', '/api/campaigns/')).toBeNull();
    expect(match('GET', '/api/campaigns/7/')).toBeNull();
    expect(match('GET', '/api/campaigns/7/extra')).toBeNull();
  });

  it('does not match a malformed percent-encoding', () => {
    expect(match('GET', '/api/campaigns/%E0%A4%A')).toBeNull();
  });

  it('mounts every route of the routes table', () => {
    const matchAll = createRouteMatcher(Object.values(routes));

    for (const route of Object.values(routes)) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x');
      expect(matchAll(route.method, path)?.route).toBe(route);
    }
  });
});
