import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ALIASES } from '@infra/cdk/lib/lambda-bundling';

const semver = createRequire(import.meta.url)(LAMBDA_ALIASES.semver!) as { gte: (a: string, b: string) => boolean };
const realSemver = createRequire(import.meta.url)('semver') as { gte: (a: string, b: string) => boolean };

describe('the semver stand-in in Lambda bundles', () => {
  it('compares plain versions exactly as semver does', () => {
    const pairs: [string, string][] = [
      ['20.20.2', '8.0.0'],
      ['8.0.0', '8.0.0'],
      ['7.10.1', '8.0.0'],
      ['2.7.15', '2.7.15'],
      ['2.7.14', '2.7.15'],
      ['2.10.0', '2.9.99'],
      ['v22.1.0', '22.1.0'],
      ['3.0.0', '2.999.999'],
    ];
    for (const [a, b] of pairs) expect(semver.gte(a, b), `${a} >= ${b}`).toBe(realSemver.gte(a, b));
  });

  it('refuses what it cannot compare, and any other semver function, loudly', () => {
    expect(() => semver.gte('latest', '1.0.0')).toThrow(/cannot compare/);
    expect(() => (semver as unknown as { satisfies: () => boolean }).satisfies()).toThrow(/not available/);
  });
});
