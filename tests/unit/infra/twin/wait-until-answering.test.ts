import { describe, expect, it } from 'vitest';
import { waitUntilAnswering } from '@infra/twin/wait-until-answering';

describe('waitUntilAnswering', () => {
  it('tries again until the service answers', async () => {
    let calls = 0;
    const answer = await waitUntilAnswering('thing', 'http://127.0.0.1:1', async () => {
      calls += 1;
      if (calls < 4) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
      return 'up';
    });

    expect(answer).toBe('up');
    expect(calls).toBe(4);
  });

  it('gives up after its timeout naming the service, where it was sought and the last error', async () => {
    const waiting = waitUntilAnswering(
      'DynamoDB (dynalite)',
      'http://127.0.0.1:1',
      () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')),
      { timeoutMs: 200, firstPauseMs: 10 },
    );

    await expect(waiting).rejects.toThrow(
      'DynamoDB (dynalite) at http://127.0.0.1:1 did not answer within 0.2 s: connect ECONNREFUSED 127.0.0.1:1',
    );
  });
});
