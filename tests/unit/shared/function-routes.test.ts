import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { routes, type RouteDeclaration } from '@shared/routes';
import { bundledSources } from '@tests/support/function-metafile';

describe("each function's own routes table", () => {
  it('declares every route of the routes table, in the table of the function that serves it', async () => {
    for (const [name, route] of Object.entries(routes as Record<string, RouteDeclaration>)) {
      const module = (await import(`@shared/function-routes/${route.fn}`)) as Record<string, Record<string, unknown>>;
      const table = Object.values(module)[0]!;
      expect(table[name], `${name} in shared/function-routes/${route.fn}.ts`).toBe(route);
    }
  });

  it('lists in the routes table every route a function declares, so none is served but never deployed', async () => {
    const listed = new Set<RouteDeclaration>(Object.values(routes as Record<string, RouteDeclaration>));
    const tables = readdirSync(path.join(REPO_ROOT, 'shared', 'function-routes')).map((file) =>
      file.replace(/\.ts$/, ''),
    );
    for (const fn of tables) {
      const module = (await import(`@shared/function-routes/${fn}`)) as Record<
        string,
        Record<string, RouteDeclaration>
      >;
      for (const [name, route] of Object.entries(Object.values(module)[0]!)) {
        expect(listed.has(route), `${name} of shared/function-routes/${fn}.ts in shared/routes.ts`).toBe(true);
      }
    }
  });

  it("keeps the other functions' routes and schemas out of a function's bundle", async () => {
    for (const fn of ['health', 'account', 'chatbot', 'team']) {
      const sources = await bundledSources(fn);
      expect(sources, fn).not.toContain('shared/routes.ts');
      expect(sources, fn).not.toContain('shared/functions.ts');
      expect(
        sources.filter((file) => file.startsWith('shared/function-routes/')),
        fn,
      ).toEqual([`shared/function-routes/${fn}.ts`]);
    }
  }, 120_000);
});
