import { describe, expect, it } from 'vitest';
import { functionDeclaration } from '@shared/functions';
import { RECOMMENDATIONS_FRESH_FOR_SECONDS } from '@shared/schemas/optimizer';
import type { RecommendationRun, RunItem } from '@lambdas/lib/optimizer/recommendation-run';
import {
  FAILED_READ_QUIET_SECONDS,
  READ_LEASE_SECONDS,
  failureToShow,
  newLease,
  readDecision,
} from '@lambdas/optimizer/read-decision';

const now = new Date('2026-11-29T10:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const run = (readSecondsAgo: number) => ({ metaReadAt: ago(readSecondsAgo) }) as RecommendationRun;
const reading = (untilSecondsFromNow: number) => ({
  id: 'l',
  startedAt: ago(10),
  until: new Date(now.getTime() + untilSecondsFromNow * 1000).toISOString(),
});
const fresh = 60;
const stale = RECOMMENDATIONS_FRESH_FOR_SECONDS + 1;

describe('when a request reads Meta', () => {
  it('answers from the store alone while the last read is fresh, unless asked to refresh', () => {
    expect(readDecision({ run: run(fresh) }, now, false)).toBe('stored');
    expect(readDecision({ run: run(fresh) }, now, true)).toBe('start');
  });

  it('starts a read when there is none yet or the last is stale', () => {
    expect(readDecision({}, now, false)).toBe('start');
    expect(readDecision({ run: run(stale) }, now, false)).toBe('start');
  });

  it('never starts a second read while one holds its lease, refresh or not', () => {
    const item: RunItem = { run: run(stale), reading: reading(30) };
    expect(readDecision(item, now, false)).toBe('running');
    expect(readDecision(item, now, true)).toBe('running');
    expect(readDecision({ reading: reading(30) }, now, false)).toBe('running');
    // Fresh figures with a refresh under way: the answer says so, and the screen polls until it lands.
    expect(readDecision({ run: run(fresh), reading: reading(30) }, now, false)).toBe('running');
  });

  it('starts again once a killed read’s lease has run out', () => {
    expect(readDecision({ run: run(stale), reading: reading(-1) }, now, false)).toBe('start');
  });

  it('after a failed read, a visit within a minute shows the failure; Refresh tries again at once', () => {
    const failed: RunItem = { run: run(stale), failure: { at: ago(10), message: 'x' } };
    expect(readDecision(failed, now, false)).toBe('stored');
    expect(readDecision(failed, now, true)).toBe('start');
    expect(readDecision({ failure: { at: ago(10), message: 'x' } }, now, false)).toBe('stored');
    const quietOver: RunItem = { run: run(stale), failure: { at: ago(FAILED_READ_QUIET_SECONDS + 1), message: 'x' } };
    expect(readDecision(quietOver, now, false)).toBe('start');
  });
});

describe('the read’s lease and the failure an answer shows', () => {
  it('outlives the worker’s timeout', () => {
    expect(READ_LEASE_SECONDS).toBeGreaterThan(functionDeclaration('optimizer-worker').timeoutSeconds!);
    const lease = newLease('id-1', now);
    expect(Date.parse(lease.until) - now.getTime()).toBe(READ_LEASE_SECONDS * 1000);
    expect(lease).toMatchObject({ id: 'id-1', startedAt: now.toISOString() });
  });

  it('shows a failure newer than the figures, and none while a new read runs', () => {
    const failure = { at: ago(10), message: 'Meta could not be read just now.' };
    expect(failureToShow({ run: run(100), failure }, false)).toEqual(failure);
    expect(failureToShow({ run: run(100), failure }, true)).toBeUndefined();
    expect(failureToShow({ run: run(5), failure }, false)).toBeUndefined();
    expect(failureToShow({ failure }, false)).toEqual(failure);
  });
});
