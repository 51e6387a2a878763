import { describe, expect, it } from 'vitest';
import { functionDeclaration } from '@shared/functions';
import type { CustomerListUploadProgress } from '@shared/schemas/audiences';
import { WORKER_SILENCE_LIMIT_MS, workerStopped } from '@lambdas/lib/customer-lists/upload-staleness';

const progress = (state: CustomerListUploadProgress['state'], updatedAt: string): CustomerListUploadProgress => ({
  uploadId: '00000000-0000-4000-8000-000000000001',
  adAccountId: 'act_1',
  name: 'Big list',
  state,
  percent: 40,
  rows: 40_000,
  sent: 40_000,
  invalid: 0,
  batches: 4,
  updatedAt,
});

const heartbeat = '2026-11-29T08:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(heartbeat) + ms);

describe('workerStopped', () => {
  it('is the queue’s visibility timeout: the worker’s own timeout and one minute', () => {
    expect(WORKER_SILENCE_LIMIT_MS).toBe(
      ((functionDeclaration('customer-list-worker').timeoutSeconds ?? 0) + 60) * 1000,
    );
  });

  it('keeps a running upload running while its worker may still be alive', () => {
    expect(workerStopped(progress('running', heartbeat), after(WORKER_SILENCE_LIMIT_MS))).toBe(false);
  });

  it('calls a running upload stopped once it has been silent for longer than any worker can live', () => {
    expect(workerStopped(progress('running', heartbeat), after(WORKER_SILENCE_LIMIT_MS + 1))).toBe(true);
    expect(workerStopped(progress('running', 'not a time'), after(0))).toBe(true);
  });

  it('never touches an upload that is not running (waiting for the file, queued, finished)', () => {
    for (const state of ['waiting', 'queued', 'done', 'failed'] as const)
      expect(workerStopped(progress(state, heartbeat), after(WORKER_SILENCE_LIMIT_MS * 10))).toBe(false);
  });
});
