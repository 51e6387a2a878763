import { describe, expect, it } from 'vitest';
import { manifestEntry } from '@infra/twin/function-bundles';

describe('the bundle manifest', () => {
  it('records an input as seen, unless it changed after the build started (then the next start rebuilds)', () => {
    const started = 1_000_000;
    expect(manifestEntry({ size: 10, mtimeMs: started - 5 }, started)).toEqual({ size: 10, mtimeMs: started - 5 });
    // Edited while esbuild ran: the bundle may hold the old text, so no time of the file can match this entry.
    expect(manifestEntry({ size: 12, mtimeMs: started + 30_000 }, started)).toEqual({ size: 12, mtimeMs: -1 });
  });
});
