import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mirroredSources, unitTests, unmirroredTests } from '@tests/support/test-mirror';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Tests that check the repo as a whole, so no one source file is theirs. */
const crossCuttingTests = [
  // Every link in README.md and docs/ resolves, and the README stays a short door: it reads markdown, not code.
  'tests/unit/docs/links.test.ts',
  // The feature manuals in docs/features/ and the declared features list agree both ways: markdown against a table.
  'tests/unit/docs/features.test.ts',
  // Every function's routes table against the whole routes table, and each function's bundle against its own table.
  'tests/unit/shared/function-routes.test.ts',
  // The schema modules a function needs only constants or types of stay out of its bundle, which would build them all.
  'tests/unit/shared/schema-modules-in-bundles.test.ts',
  // The agent's evaluation set (tests/eval/agent/cases.json) through the whole turn: model, tools, guardrails, grounding.
  'tests/unit/lambdas/lib/agent/agent-eval.test.ts',
  // A traced function bundled with every module replacement, invoked against a local DynamoDB and X-Ray daemon.
  'tests/unit/infra/cdk/lib/bundling/cut/traced-function-bundle.test.ts',
];

describe('mirroredSources', () => {
  it('maps a test in a room to the same path under the room root', () => {
    expect(mirroredSources('tests/unit/web/features/ops/components/error-log-page.test.tsx')).toContain(
      'web/src/features/ops/components/error-log-page.tsx',
    );
    expect(mirroredSources('tests/unit/lambdas/lib/ai/retry.test.ts')).toContain('lambdas/lib/ai/retry.ts');
    expect(mirroredSources('tests/unit/shared/schemas/meta.test.ts')).toContain('shared/schemas/meta.ts');
    expect(mirroredSources('tests/unit/infra/twin/twin.test.ts')).toContain('infra/twin/twin.ts');
    expect(mirroredSources('tests/unit/tests/bench/lighthouse-median.test.ts')).toContain(
      'tests/bench/lighthouse-median.ts',
    );
    expect(mirroredSources('tests/unit/web/public/signals.test.ts')).toContain('web/public/signals.js');
  });

  it('maps a test directly in tests/unit to a file at the repo root', () => {
    expect(mirroredSources('tests/unit/eslint.config.test.ts')).toContain('eslint.config.js');
  });

  it('has no source for a test outside every room', () => {
    expect(mirroredSources('tests/unit/docs/links.test.ts')).toEqual([]);
  });
});

describe('unit tests mirror the code', () => {
  it('finds the unit tests', () => {
    expect(unitTests(repoRoot)).toContain('tests/unit/tests/support/test-mirror.test.ts');
  });

  it('every unit test sits at the path of the source file it tests, but the cross-cutting ones', () => {
    const listed = new Set(crossCuttingTests);
    expect(unmirroredTests(repoRoot).filter((test) => !listed.has(test))).toEqual([]);
  });
});
