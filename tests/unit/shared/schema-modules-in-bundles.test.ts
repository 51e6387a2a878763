import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

/** The files of the repo (not node_modules) a function's bundle is made of. */
async function bundledSources(fn: string): Promise<string[]> {
  const result = await build({
    ...lambdaEsbuildOptions,
    entryPoints: [path.join(REPO_ROOT, 'lambdas', fn, 'handler.ts')],
    absWorkingDir: REPO_ROOT,
    write: false,
    metafile: true,
    logLevel: 'silent',
    outdir: 'out',
  });
  return Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules'));
}

// A schema module's schemas are all built when anything of it is imported (zod's calls are not pure to esbuild), so
// a function that needs a constant or a helper beside them imports it from its own module (docs/benchmarks.md,
// session 24: the agent built ~650 schemas at init for four constants and a write that checks nothing).
describe('schema modules a function only needed constants of', () => {
  it('stay out of the agent: the Meta API, the ad optimizer, the creative report and the chat schemas', async () => {
    const sources = await bundledSources('agent');
    for (const module of [
      'shared/schemas/meta.ts',
      'shared/schemas/ad-optimizer.ts',
      'shared/schemas/creative-report.ts',
      'shared/schemas/chat.ts',
      'shared/schemas/optimizer.ts',
    ]) {
      expect(sources, module).not.toContain(module);
    }
    expect(sources).toContain('shared/performance-options.ts');
  }, 120_000);

  it("stay out of approvals: the generator's AI draft and routes, the optimizer's API, the report's figures", async () => {
    const sources = await bundledSources('approvals');
    for (const module of [
      'shared/schemas/campaign-plan.ts',
      'shared/schemas/optimizer.ts',
      'shared/schemas/reports.ts',
      'lambdas/lib/outbox/outbox-row.ts',
    ]) {
      expect(sources, module).not.toContain(module);
    }
    expect(sources).toContain('shared/schemas/campaign-draft.ts');
  }, 120_000);
});
