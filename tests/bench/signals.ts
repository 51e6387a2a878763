import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SignalsFigure {
  events: number;
  perRequest: number;
  offeredSeconds: number;
  accepted?: number;
  refused?: number;
  acceptedPerSecond?: number;
  deliveredPerSecond?: number;
  acceptP50Ms?: number;
  acceptP99Ms?: number;
  delayP50Ms?: number;
  delayP99Ms?: number;
  lost?: number;
  doubled?: number;
  error?: string;
}

const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'signals-probe.ts');

/**
 * The first-party Conversions API endpoint end to end on its own twin (signals-probe.ts): a site's server posting
 * `events` events in requests of `perRequest` over `seconds`, then the sandbox's record of what reached the pixel.
 * Issue 27's target: 10,000 events in a minute with none lost (and none sent twice).
 */
export function measureSignals(events: number, seconds: number, perRequest: number): SignalsFigure {
  console.log(
    `\nPOST /api/signals/events → queue → signals-delivery → Meta (sandbox), ${events} events over ${seconds} s`,
  );
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', probe, String(events), String(seconds), String(perRequest)],
    {
      encoding: 'utf8',
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    },
  );
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) {
    const error = (
      run.stderr
        .trim()
        .split('\n')
        .find((l) => l.startsWith('Error')) ?? 'probe failed'
    ).slice(0, 200);
    console.log(`  FAILED: ${error}`);
    return { events, perRequest, offeredSeconds: seconds, error };
  }
  const f = JSON.parse(line) as SignalsFigure;
  console.log(
    `  ${f.accepted} accepted (${f.refused} refused) in requests of ${f.perRequest}: ${f.acceptedPerSecond} events/s accepted, ${f.deliveredPerSecond} events/s delivered   accept p50 ${f.acceptP50Ms} ms  p99 ${f.acceptP99Ms} ms   post → Meta p50 ${f.delayP50Ms} ms  p99 ${f.delayP99Ms} ms   lost ${f.lost}  sent twice ${f.doubled}`,
  );
  return f;
}
