import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTwin } from '@infra/twin/twin';
import { apiProxyEnvironment } from '@infra/twin/web/vite-dev-server';
import type { E2eEnvironment } from './support/environment';
import { E2E_WORKERS } from './support/workers';

/**
 * Starts the browser journeys' world: one twin per worker (E2E_WORKERS), each with its own state, so two
 * journeys running side by side never see each other's users, campaigns or mail, as on two machines. By
 * default the web app is the production build behind `vite preview` (what users get: hashed chunks, lazy
 * routes), built once and served by one preview server per twin; ADSMITH_E2E_WEB=dev runs each twin's
 * Vite dev server instead.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const viteConfig = path.join(repoRoot, 'web/vite.config.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The production build, once for every twin: nothing in it depends on a twin (config comes from /config.json). */
async function buildWeb(): Promise<string> {
  const vite = await import('vite');
  // Its own output folder, not web/dist: CI synthesizes the templates (which read web/dist) beside the journeys.
  const outDir = await mkdtemp(path.join(tmpdir(), 'adsmith-e2e-web-'));
  // Vitest runs with NODE_ENV=test, and Vite would then bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ configFile: viteConfig, mode: 'production', logLevel: 'warn', build: { outDir } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

interface StartedWorld {
  environment: E2eEnvironment;
  stop(): Promise<void>;
}

async function startWorld(webOutDir: string | undefined): Promise<StartedWorld> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-e2e-'));
  // The preview server's address is fixed before the twin starts, so emailed links and Meta's
  // redirect URI point at the site the browser really uses.
  const previewPort = webOutDir ? await freePort() : undefined;
  const twin = await startTwin({
    ports: 'auto',
    stateDir,
    dynamodb: 'memory',
    web: !webOutDir,
    meta: true,
    // The journeys never reach a real model, even when the developer has OPENAI_API_KEY set.
    ai: 'offline',
    ...(previewPort ? { siteUrl: `http://127.0.0.1:${previewPort}` } : {}),
  });
  let closePreview: (() => Promise<void>) | undefined;
  const stop = async () => {
    await closePreview?.();
    await twin.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    await twin.warmed;
    let web = twin.endpoints.web;
    if (webOutDir) {
      // web/vite.config.ts reads these when it loads, and `vite.preview` loads it afresh: one twin's at a time.
      apiProxyEnvironment(twin.endpoints.api, twin.endpoints.apiOrigin);
      process.env.ADSMITH_WEB_CONFIG_FILE = twin.files.webConfig;
      const vite = await import('vite');
      const preview = await vite.preview({
        configFile: viteConfig,
        build: { outDir: webOutDir },
        preview: { port: previewPort, host: '127.0.0.1', strictPort: true },
        logLevel: 'warn',
      });
      const address = (preview.httpServer as Server).address();
      if (!address || typeof address !== 'object') throw new Error('vite preview did not report its port');
      web = `http://127.0.0.1:${address.port}`;
      closePreview = () => preview.close();
    }
    if (!web) throw new Error('The twin started without the web app');
    if (!twin.endpoints.meta) throw new Error('The twin started without the Meta sandbox');
    const environment: E2eEnvironment = {
      web,
      mailbox: twin.endpoints.mailbox,
      api: twin.endpoints.api,
      sinks: twin.endpoints.sinks,
      meta: twin.endpoints.meta,
      dynamodb: twin.endpoints.dynamodb,
      region: twin.endpoints.cognito.region,
      stateDir,
    };
    return { environment, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const webOutDir = process.env.ADSMITH_E2E_WEB === 'dev' ? undefined : await buildWeb();
  const worlds: StartedWorld[] = [];
  const stopAll = async () => {
    await Promise.all(worlds.map((world) => world.stop()));
    if (webOutDir) await rm(webOutDir, { recursive: true, force: true });
  };
  try {
    // One after another: each preview server reads its twin's addresses from the environment as it starts.
    for (let i = 0; i < E2E_WORKERS; i++) worlds.push(await startWorld(webOutDir));
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'e2eWorlds',
    worlds.map((world) => world.environment),
  );
  return stopAll;
}
