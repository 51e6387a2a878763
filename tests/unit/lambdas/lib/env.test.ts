import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readEnv } from '@lambdas/lib/env';

describe('readEnv', () => {
  const schema = z.object({ TABLE_A: z.string().min(1), SITE_URL: z.string().url() });

  it('parses the values a function needs', () => {
    expect(readEnv(schema, { TABLE_A: 'a', SITE_URL: 'https://x.dev' })).toEqual({
      TABLE_A: 'a',
      SITE_URL: 'https://x.dev',
    });
  });

  it('names every missing or malformed value at once', () => {
    expect(() => readEnv(schema, { SITE_URL: 'nope' })).toThrow(/TABLE_A: .*; SITE_URL: /);
  });
});
