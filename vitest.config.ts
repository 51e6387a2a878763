import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { E2E_WORKERS } from './tests/e2e/support/workers';
import LongFilesFirst from './tests/long-files-first';
import { INTEGRATION_WORKERS } from './tests/integration/workers';

/**
 * One vitest config, one project per kind of test (tests/ mirrors the code).
 * `npm test` runs unit, web, integration and infra; `npm run test:e2e` the browser journeys.
 */
/** Handlers log JSON and flush EMF metrics; in unit tests that is noise. */
const quietPowertools = { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' };

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
/** tsconfig.json's `paths`, which Vite does not read. */
const alias = Object.fromEntries(
  ['shared', 'web/src', 'lambdas', 'infra', 'tests'].map((dir) => [`@${dir.split('/')[0]}`, path.join(repoRoot, dir)]),
);

/**
 * Unit files that replace modules (vi.mock), spy, fake timers or stub globals, patch AWS clients (mockClient), or
 * write process.env: each runs in a fresh worker with a fresh module registry (vitest's default isolation), since
 * a mocked module or a changed env would otherwise reach the next file of the worker. Found by their text, so a new
 * file that starts mocking moves here by itself.
 */
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|spyOn|useFakeTimers|stubEnv|stubGlobal)\(|\bmockClient\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|Object\.assign\(process\.env|globalThis\.\w+\s*=[^=]/;
const unitFiles = (): string[] =>
  readdirSync(path.join(repoRoot, 'tests/unit'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('web/'))
    .map((file) => `tests/unit/${file.split(path.sep).join('/')}`);
const isolatedUnitFiles = unitFiles().filter((file) =>
  NEEDS_ISOLATION.test(readFileSync(path.join(repoRoot, file), 'utf8')),
);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is ONE worker, and the unit, web,
    // mmm and infra files (most of them CPU-bound synths and renders) ran one after another. Two workers at least.
    // The integration files and the browser journeys run on one twin per worker (their own maxWorkers).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The web project's vm workers (pool vmForks) grow with each file's context (~1.5 GB after ~60 files): one past
    // this is replaced by a fresh one. Vitest's default, half the machine's memory each, is too much beside the twins.
    vmMemoryLimit: '1GB',
    // A fresh clone has no durations: each project's known long files start first, not last (tests/long-files-first.ts).
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/web/**', ...isolatedUnitFiles],
          environment: 'node',
          env: quietPowertools,
          // The files of a worker share one module registry: re-importing the same modules (AWS SDK, zod schemas,
          // the twin) for each of ~260 files, in a fresh worker each, was most of this project's CPU. These files
          // test plain functions and set up what they read; the ones that mock or change globals are `unit-isolated`.
          isolate: false,
          // Generous: CI and a shared laptop can be busy. Speed is measured by `npm run bench`, not here.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-isolated',
          include: isolatedUnitFiles,
          environment: 'node',
          env: quietPowertools,
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        resolve: {
          alias: {
            ...alias,
            // In a vm context (below), a CommonJS package cannot require() an ES module: react-router-dom's and
            // recharts' CommonJS builds do (react-router/dom, @reduxjs/toolkit). Their ES builds, which the app's
            // Vite build bundles anyway, do not; recharts' has extensionless imports, so Vite transforms it.
            'react-router-dom': path.join(repoRoot, 'node_modules/react-router-dom/dist/index.mjs'),
            recharts: path.join(repoRoot, 'node_modules/recharts/es6/index.js'),
          },
        },
        test: {
          name: 'web',
          include: ['tests/unit/web/**/*.test.{ts,tsx}'],
          // happy-dom, not jsdom: the same 493 tests took 169 s of CPU instead of 294 s (environment set-up per file
          // was half of it). A file that needs jsdom's fidelity says so in a `@vitest-environment jsdom` docblock.
          environment: 'happy-dom',
          setupFiles: ['tests/unit/web/setup.ts'],
          // Each file in a fresh vm context of a reused worker (its own globals, DOM, module registry and mocks, as
          // with forks) instead of a fresh process: one process per file, its start and the happy-dom and React
          // imports were ~60 % of this project's time. Measured in docs/testing.md.
          pool: 'vmForks',
          server: { deps: { inline: ['recharts'] } },
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The marketing-mix acceptance suite (issue 14): seeded, CPU-bound, separate so it can be run alone.
          name: 'mmm',
          include: ['tests/mmm/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time, each on its own twin (tests/integration/twin-client.ts picks it by VITEST_POOL_ID).
          maxWorkers: INTEGRATION_WORKERS,
          // Its own group, so its workers are numbered 1..INTEGRATION_WORKERS even when every project runs at once.
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          // Issue 22: the stand-ins judged by Meta's, Stripe's and OpenAI's own clients (tests/contract/).
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/contract/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share one module registry, so they load aws-cdk-lib once and share the synths
          // of the same app (tests/infra/support/build-app.ts). No infra test mocks modules or changes env.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A screen's state is awaited, not timed (speed is the bench's): vitest's default 1 s for expect.poll was
          // shorter than a generation through the twin's OpenAI on a loaded 2-core CI machine (ad-copy, stop 42).
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Two files at a time, each on its own twin (tests/e2e/support/environment.ts), numbered in their own group.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
