import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViteDevServer } from '@infra/local/web/vite-dev-server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const probeDir = path.join(repoRoot, '.local');
const probeFile = path.join(probeDir, `vite-deny-probe-${process.pid}.json`);

let server: Awaited<ReturnType<typeof startViteDevServer>>;

beforeAll(async () => {
  await mkdir(probeDir, { recursive: true });
  await writeFile(probeFile, '{"secret":"twin state"}\n');
  server = await startViteDevServer({
    configFile: path.join(repoRoot, 'web/vite.config.ts'),
    port: 0,
    apiUrl: 'http://127.0.0.1:9',
    webConfigFile: path.join(probeDir, 'no-such-web-config.json'),
  });
}, 60_000);

afterAll(async () => {
  await server?.server.close();
  await rm(probeFile, { force: true });
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
});
