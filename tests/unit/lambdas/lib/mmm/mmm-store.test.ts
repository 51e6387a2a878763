import { describe, expect, it } from 'vitest';
import { pack, unpack } from '@lambdas/lib/mmm/mmm-store';

describe('pack', () => {
  it('packs what it stores (gzip JSON) and reads it back', () => {
    const value = { a: [1, 2.5, -3], b: 'x'.repeat(1000) };
    const packed = pack(value);
    expect(packed.length).toBeLessThan(200);
    expect(unpack(packed)).toEqual(value);
  });
});
