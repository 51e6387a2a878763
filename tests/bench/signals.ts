import { runProbe } from './run-probe';

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

/**
 * The first-party Conversions API endpoint end to end on its own twin (signals-probe.ts): a site's server posting
 * `events` events in requests of `perRequest` over `seconds`, then the sandbox's record of what reached the pixel.
 * Issue 27's target: 10,000 events in a minute with none lost (and none sent twice).
 */
export function measureSignals(events: number, seconds: number, perRequest: number): SignalsFigure {
  console.log(
    `\nPOST /api/signals/events → queue → signals-delivery → Meta (sandbox), ${events} events over ${seconds} s`,
  );
  const outcome = runProbe<SignalsFigure>('signals-probe.ts', [events, seconds, perRequest]);
  if ('error' in outcome) {
    console.log(`  FAILED: ${outcome.error}`);
    return { events, perRequest, offeredSeconds: seconds, error: outcome.error };
  }
  const f = outcome.figure;
  console.log(
    `  ${f.accepted} accepted (${f.refused} refused) in requests of ${f.perRequest}: ${f.acceptedPerSecond} events/s accepted, ${f.deliveredPerSecond} events/s delivered   accept p50 ${f.acceptP50Ms} ms  p99 ${f.acceptP99Ms} ms   post → Meta p50 ${f.delayP50Ms} ms  p99 ${f.delayP99Ms} ms   lost ${f.lost}  sent twice ${f.doubled}`,
  );
  return f;
}
