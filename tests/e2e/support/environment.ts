import { inject } from 'vitest';

/**
 * Where a browser journey runs: the twin's endpoints (one twin per worker, started by global-setup.ts).
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
    e2eWorlds: E2eEnvironment[];
  }
}

/** This worker's twin: vitest numbers its workers 1..maxWorkers, and no two running files share a number. */
export function e2e(): E2eEnvironment {
  const worlds = inject('e2eWorlds');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const world = worlds[(worker - 1) % worlds.length];
  if (!world) throw new Error(`No twin for e2e worker ${worker}`);
  return world;
}
