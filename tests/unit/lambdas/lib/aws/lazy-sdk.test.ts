import { describe, expect, it } from 'vitest';
import { clientOf, loadOnce } from '@lambdas/lib/aws/lazy-sdk';

describe('loadOnce', () => {
  it('loads nothing until first called, then once however many callers ask', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      return { sdk: loads };
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load instead of keeping the failure for the container’s life', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk not readable');
      return 'sdk';
    });
    await expect(load()).rejects.toThrow('chunk not readable');
    await expect(load()).resolves.toBe('sdk');
    expect(attempts).toBe(2);
  });
});

describe('clientOf', () => {
  it('takes a client as it is, or builds it with the factory handlers pass', async () => {
    const client = { send: () => undefined };
    expect(await clientOf(client)).toBe(client);
    expect(await clientOf(async () => client)).toBe(client);
  });
});
