import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changeUsers, MAX_ROWS_PER_REQUEST } from '@infra/twin/meta-sandbox/custom-audience-users';
import type { CustomAudience } from '@infra/twin/meta-sandbox/custom-audiences';
import { GraphError } from '@infra/twin/meta-sandbox/graph-error';

function list(): CustomAudience {
  return {
    id: '238500000000000001',
    accountId: '1',
    name: 'List',
    description: '',
    subtype: 'CUSTOM',
    timeCreated: 0,
    timeUpdated: 0,
    timeContentUpdated: 0,
    members: new Set(),
    received: 0,
    invalid: 0,
    sessions: new Map(),
  };
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const emails = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => hash(`person${from + index}@example.com`));

function payload(data: unknown[], schema: unknown = 'EMAIL_SHA256'): string {
  return JSON.stringify({ schema, data });
}

function refusal(run: () => unknown): GraphError {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('customer-list uploads', () => {
  it('take exactly 10,000 rows a request and refuse one more', () => {
    const audience = list();
    const reply = changeUsers(audience, 'add', { payload: payload(emails(MAX_ROWS_PER_REQUEST)) }, 0);
    expect(reply.num_received).toBe(10_000);
    expect(audience.members.size / 10_000).toBeGreaterThan(0.48);
    expect(audience.members.size / 10_000).toBeLessThan(0.56);

    const error = refusal(() => changeUsers(list(), 'add', { payload: payload(emails(10_001)) }, 0));
    expect(error.body.message).toMatch(/10001 entries: at most 10000/);
  });

  it('match the same person the same way every time, and remove them', () => {
    const audience = list();
    const data = emails(2000);
    changeUsers(audience, 'add', { payload: payload(data) }, 0);
    const matched = audience.members.size;
    changeUsers(audience, 'add', { payload: payload(data) }, 0);
    expect(audience.members.size).toBe(matched);
    changeUsers(audience, 'remove', { payload: payload(data.slice(0, 1000)) }, 0);
    expect(audience.members.size).toBeLessThan(matched);
  });

  it('count one session across its batches and close it with the last', () => {
    const audience = list();
    const session = (batch: number, last: boolean) =>
      JSON.stringify({ session_id: 77, batch_seq: batch, last_batch_flag: last, estimated_num_total: 3000 });
    changeUsers(audience, 'add', { payload: payload(emails(1500)), session: session(1, false) }, 0);
    const reply = changeUsers(audience, 'add', { payload: payload(emails(1500, 1500)), session: session(2, true) }, 0);
    expect(reply.session_id).toBe('77');
    expect(audience.sessions.get('77')).toMatchObject({ received: 3000, finished: true, lastBatchSeq: 2 });
    expect(
      refusal(() => changeUsers(audience, 'add', { payload: payload(emails(1)), session: session(3, true) }, 0)).body
        .message,
    ).toMatch(/already received its last batch/);
  });

  it('refuse an unknown schema key and a missing payload, naming the field', () => {
    expect(
      refusal(() => changeUsers(list(), 'add', { payload: payload(emails(1), ['EMAIL', 'SHOE']) }, 0)).body,
    ).toMatchObject({ code: 100, error_data: JSON.stringify({ blame_field_specs: [['payload']] }) });
    expect(refusal(() => changeUsers(list(), 'add', {}, 0)).body.message).toBe(
      '(#100) The parameter payload is required',
    );
  });
});
