import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { TwinEndpoints } from '@infra/twin/endpoints-file';
import { startTwin } from '@infra/twin/twin';
import { SCALED_NOTIFICATIONS } from './notifications/scaled-timings';
import { INTEGRATION_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One twin per integration worker; a file reaches its own through `twin()` (twin-client.ts). */
    integrationTwins: TwinEndpoints[];
  }
}

interface StartedTwin {
  endpoints: TwinEndpoints;
  stop(): Promise<void>;
}

/** A twin on free ports, tables in memory, Cognito and bucket state in its own temp dir removed afterwards. */
async function startIntegrationTwin(): Promise<StartedTwin> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-twin-'));
  const twin = await startTwin({
    ports: 'auto',
    stateDir,
    web: false,
    dynamodb: 'memory',
    ai: 'offline',
    // Notification timings scaled down 10× so outage scenarios replay in seconds (the bench runs them full length).
    notifications: SCALED_NOTIFICATIONS,
    // Rule runs start from the tests ("run now"), never from a tick landing mid-test.
    scheduleTickMs: 'off',
  }).catch(async (error: unknown) => {
    await rm(stateDir, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    await twin.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    // Tests time requests; the first would otherwise also pay for bundling and loading functions.
    await twin.warmed;
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoints: twin.endpoints, stop };
}

/**
 * One twin per integration worker (INTEGRATION_WORKERS), each with its own ports and state, so two files running
 * side by side never see each other's users, tables, mail or fault switches, as on two machines.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const twins: StartedTwin[] = [];
  const stopAll = async () => {
    await Promise.all(twins.map((twin) => twin.stop()));
  };
  try {
    // The first twin bundles every function into the shared cache; the next ones find the bundles built.
    for (let i = 0; i < INTEGRATION_WORKERS; i++) twins.push(await startIntegrationTwin());
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'integrationTwins',
    twins.map((twin) => twin.endpoints),
  );
  return stopAll;
}
