import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTwin } from '@infra/twin/twin';
import { apiProxyEnvironment } from '@infra/twin/web/vite-dev-server';

/**
 * Starts the local twin for the browser journeys. By default the web app is the
 * production build behind `vite preview` (what users get: hashed chunks, lazy
 * routes); ADSMITH_E2E_WEB=dev runs it on the twin's Vite dev server instead.
 */
export interface E2eEnvironment {
  web: string;
  mailbox: string;
  api: string;
  /** The Slack and webhook sinks (`/slack/requests`, `/webhook/requests`). */
  sinks: string;
  /** The Meta sandbox, whose `/__admin/calls` log shows what the product really sent to Meta. */
  meta: string;
  /** The twin's DynamoDB (in memory) and its state folder (buckets, logs): where stored data can be searched. */
  dynamodb: string;
  region: string;
  stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eEnvironment;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const viteConfig = path.join(repoRoot, 'web/vite.config.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export default async function setup(project: TestProject) {
  const mode = process.env.ADSMITH_E2E_WEB === 'dev' ? 'dev' : 'preview';
  const stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-e2e-'));
  // The preview server's address is fixed before the twin starts, so emailed links and Meta's
  // redirect URI point at the site the browser really uses.
  const previewPort = mode === 'preview' ? await freePort() : undefined;
  const twin = await startTwin({
    ports: 'auto',
    stateDir,
    dynamodb: 'memory',
    web: mode === 'dev',
    meta: true,
    // The journeys never reach a real model, even when the developer has OPENAI_API_KEY set.
    ai: 'offline',
    ...(previewPort ? { siteUrl: `http://127.0.0.1:${previewPort}` } : {}),
  });
  let closePreview: (() => Promise<void>) | undefined;
  let webOutDir: string | undefined;

  try {
    await twin.warmed;
    let web = twin.endpoints.web;
    if (mode === 'preview') {
      // web/vite.config.ts reads these at load time, like the twin's dev server.
      apiProxyEnvironment(twin.endpoints.api, twin.endpoints.apiOrigin);
      process.env.ADSMITH_WEB_CONFIG_FILE = twin.files.webConfig;
      const vite = await import('vite');
      // Vitest runs with NODE_ENV=test, and Vite would then bundle React's development build.
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      // Its own output folder, not web/dist: CI synthesizes the templates (which read web/dist) beside the journeys.
      const build = { outDir: await mkdtemp(path.join(tmpdir(), 'adsmith-e2e-web-')), emptyOutDir: true };
      webOutDir = build.outDir;
      try {
        await vite.build({ configFile: viteConfig, mode: 'production', logLevel: 'warn', build });
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
      const preview = await vite.preview({
        configFile: viteConfig,
        build,
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
    project.provide('e2e', {
      web,
      mailbox: twin.endpoints.mailbox,
      api: twin.endpoints.api,
      sinks: twin.endpoints.sinks,
      meta: twin.endpoints.meta,
      dynamodb: twin.endpoints.dynamodb,
      region: twin.endpoints.cognito.region,
      stateDir,
    });
  } catch (error) {
    await twin.stop();
    throw error;
  }

  return async () => {
    await closePreview?.();
    await twin.stop();
    await rm(stateDir, { recursive: true, force: true });
    if (webOutDir) await rm(webOutDir, { recursive: true, force: true });
  };
}
