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

// shared/events.ts is the table of every event: the forwarders parse any of them, CDK and the twin route them all. A
// function that writes one event imports that event's own module (shared/events/<event>.ts) and builds its schema
// only, not the table's 14.
describe('the events a function writes', () => {
  const eventModules = [
    'browser',
    'campaign',
    'client-alert',
    'client-detached',
    'contact',
    'notification-tests',
    'payment',
    'rule-run',
    'signal-alert',
    'signup',
  ].map((name) => `shared/events/${name}.ts`);

  it.each([
    ['billing', ['shared/events/payment.ts']],
    ['team', ['shared/events/client-detached.ts']],
    ['agent', ['shared/events/campaign.ts']],
    ['contact', ['shared/events/browser.ts', 'shared/events/contact.ts']],
    ['auth-post-confirmation', ['shared/events/signup.ts']],
  ])(
    "in %s are its own event's module only, not the table nor other events",
    async (fn, own) => {
      const sources = await bundledSources(fn);
      expect(sources).not.toContain('shared/events.ts');
      expect(sources.filter((file) => eventModules.includes(file)).sort()).toEqual(own);
    },
    120_000,
  );

  it('are the whole table in the forwarders, which parse any event', async () => {
    const sources = await bundledSources('slack-forwarder');
    expect(sources).toContain('shared/events.ts');
    expect(sources.filter((file) => eventModules.includes(file)).sort()).toEqual(eventModules);
  }, 120_000);
});
