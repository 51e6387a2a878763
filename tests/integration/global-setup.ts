import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { TwinEndpoints } from '@infra/twin/endpoints-file';
import { startTwin } from '@infra/twin/twin';
import { SCALED_NOTIFICATIONS } from './notifications/scaled-timings';

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinEndpoints;
  }
}

/**
 * One twin for the whole integration run: free ports, tables in memory, Cognito
 * state in a temp dir removed afterwards. Tests get its endpoints with `inject('twin')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  });
  // Tests time requests; the first would otherwise also pay for bundling and loading functions.
  await twin.warmed;
  project.provide('twin', twin.endpoints);
  return async () => {
    await twin.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
}
