/**
 * A twin as `npm run dev` starts it (its own process, state on disk in ADSMITH_STATE_DIR, ports from the
 * environment), with the notification queues' timings scaled down so a test that kills it can watch a
 * failed delivery come back within seconds instead of the webhook queue's 180 s visibility timeout.
 * The Meta sandbox and the web app are left out: the queue test needs neither.
 */
import { startTwin } from '@infra/twin/twin';

/** Long enough that no message reaches its fifth receive (and the DLQ) while the test looks; short enough to wait for. */
const SCALED_VISIBILITY_MS = 4_000;

async function main(): Promise<void> {
  const twin = await startTwin({
    stateDir: process.env.ADSMITH_STATE_DIR,
    dynamodb: 'persisted',
    web: false,
    meta: false,
    ai: 'offline',
    scheduleTickMs: 'off',
    log: (line) => console.log(`  ${line}`),
    notifications: { visibilityTimeoutMs: SCALED_VISIBILITY_MS, batchingWindowMs: 200, serverErrorBackoffMs: 50 },
  });
  console.log('Local twin ready');
  const stop = () =>
    twin.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The scaled twin failed to start:', error);
  process.exit(1);
});
