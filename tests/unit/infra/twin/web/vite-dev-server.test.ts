import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { startViteDevServer } from '@infra/twin/web/vite-dev-server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const probeDir = path.join(repoRoot, '.local');
const probeFile = path.join(probeDir, `vite-deny-probe-${process.pid}.json`);
/** Its own dependency cache: sharing node_modules/.vite would break a twin running in this checkout. */
const cacheDir = path.join(repoRoot, 'node_modules/.cache', `vite-dev-server-test-${process.pid}`);

let server: Awaited<ReturnType<typeof startViteDevServer>>;
/** Stands in for the gateway: answers with the headers the proxy sent it. */
let gateway: Server;
const ORIGIN_VALUE = 'vite-proxy-origin-value-0123456789abcdef';

beforeAll(async () => {
  gateway = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.headers));
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  await mkdir(probeDir, { recursive: true });
  await writeFile(probeFile, '{"secret":"twin state"}\n');
  server = await startViteDevServer({
    configFile: path.join(repoRoot, 'web/vite.config.ts'),
    port: 0,
    apiUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
    apiOrigin: { header: ORIGIN_VERIFY_HEADER, value: ORIGIN_VALUE },
    webConfigFile: path.join(probeDir, 'no-such-web-config.json'),
    cacheDir,
  });
}, 60_000);

afterAll(async () => {
  await server?.server.close();
  await new Promise((resolve) => gateway.close(resolve));
  await rm(probeFile, { force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

describe('the Vite dev server', () => {
  it('refuses to serve the twin state in .local/, by any path', async () => {
    for (const url of [`/@fs${probeFile}`, `/@fs${probeFile}?raw`, `/@fs${probeFile}?import`]) {
      const reply = await fetch(`${server!.url}${url}`);
      expect(reply.status, url).toBe(403);
      expect(await reply.text(), url).not.toContain('twin state');
    }
  });

  it('still serves other files of the workspace (the refusal above is specific)', async () => {
    const reply = await fetch(`${server!.url}/@fs${path.join(repoRoot, 'shared/constants.ts')}`);
    expect(reply.status).toBe(200);
  });

  it('adds the origin-verify header to /api requests, as CloudFront does, whatever the browser sent', async () => {
    const reply = await fetch(`${server!.url}/api/health`, { headers: { [ORIGIN_VERIFY_HEADER]: 'forged' } });
    expect(reply.status).toBe(200);
    const seen = (await reply.json()) as Record<string, string>;
    expect(seen[ORIGIN_VERIFY_HEADER]).toBe(ORIGIN_VALUE);
  });

  it('keeps its pre-bundled dependencies apart from a twin running in this checkout', () => {
    expect(server!.server.config.cacheDir).toBe(cacheDir);
  });

  it('serves the graphics renderer (satori) without the Node-only process.env it reads as it loads', async () => {
    // The dev server pre-bundles satori on first use; a build replaces process.env, the optimiser must too.
    const source = await (
      await fetch(`${server!.url}/@fs${path.join(repoRoot, 'shared/graphics/render-svg.ts')}`)
    ).text();
    const satoriUrl = /from\s+["']([^"']*\/deps\/satori\.js[^"']*)["']/.exec(source)?.[1];
    expect(satoriUrl, 'render-svg.ts imports the pre-bundled satori').toBeDefined();
    const reply = await fetch(`${server!.url}${satoriUrl}`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).not.toMatch(/process\.env\.SATORI_STANDALONE/);
  }, 120_000);

  it('sends a page opened as localhost to the address it listens on (Meta returns to 127.0.0.1), path and query kept', async () => {
    const { port } = new URL(server!.url);
    const reply = await rawGet(server!.url, '/campaigns?status=ACTIVE', `localhost:${port}`);
    expect(reply.status).toBe(308);
    expect(reply.location).toBe(`http://127.0.0.1:${port}/campaigns?status=ACTIVE`);
  });

  it('serves a page opened as 127.0.0.1 without a redirect', async () => {
    const { port } = new URL(server!.url);
    const reply = await rawGet(server!.url, '/campaigns', `127.0.0.1:${port}`);
    expect(reply.status).toBe(200);
  });
});

/** A GET with a chosen Host header (fetch may not set Host), redirects not followed. */
function rawGet(base: string, path: string, host: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}
