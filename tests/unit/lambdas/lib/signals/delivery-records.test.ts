import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { countHour } from '@lambdas/lib/signals/delivery-records';

interface Sent {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeValues: Record<string, unknown>;
}

function recordingTable(failMaxima = false) {
  const sent: Sent[] = [];
  const doc = {
    send: async (command: { input: Sent }) => {
      sent.push(command.input);
      if (failMaxima && command.input.ConditionExpression) {
        throw Object.assign(new Error('lower'), { name: 'ConditionalCheckFailedException' });
      }
      return {};
    },
  } as unknown as DynamoDBDocumentClient;
  return { table: { doc, table: 'signal_deliveries' }, sent };
}

const at = new Date('2026-11-29T07:21:00Z');

describe('countHour', () => {
  it('writes the maxima before the counts, so no reader sees a delivery without its longest age', async () => {
    const { table, sent } = recordingTable();
    await countHour(table, 'ws-1', '123', at, {
      delivered: 1,
      delaySumMs: 900,
      delayMaxMs: 900,
      ageSumMs: 4_000,
      ageMaxMs: 4_000,
    });
    expect(sent.map((s) => s.UpdateExpression.split(' ')[0])).toEqual(['SET', 'SET', 'ADD']);
    expect(sent[0]!.UpdateExpression).toContain('delayMaxMs = :max');
    expect(sent[1]!.UpdateExpression).toContain('ageMaxMs = :max');
    // A maximum may create the row: it carries the row's expiry too.
    expect(sent[1]!.ExpressionAttributeValues[':expires']).toBeGreaterThan(at.getTime() / 1000);
    expect(sent[2]!.UpdateExpression).toMatch(/^ADD delivered :delivered, delaySumMs :delaySumMs, ageSumMs :ageSumMs/);
  });

  it('still adds the counts when a stored maximum is higher, and writes nothing for nothing to count', async () => {
    const failing = recordingTable(true);
    await countHour(failing.table, 'ws-1', '123', at, { delivered: 2, ageSumMs: 10, ageMaxMs: 6 });
    expect(failing.sent.at(-1)!.UpdateExpression).toMatch(/^ADD /);

    const empty = recordingTable();
    await countHour(empty.table, 'ws-1', '123', at, { delivered: 0, ageMaxMs: 5 });
    expect(empty.sent).toEqual([]);
  });
});
