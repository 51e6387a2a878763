import { describe, expect, it } from 'vitest';
import { bundledSources, functionMetafile } from '@tests/support/function-metafile';

/** The modules a function's bundle loads with an `import()` of their own (each the entry of a lazy chunk). */
async function lazyEntries(fn: string): Promise<string[]> {
  const metafile = await functionMetafile(fn);
  return Object.values(metafile.outputs).flatMap((output) => (output.entryPoint ? [output.entryPoint] : []));
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

  it("stay out of graphics-video: the graphics function's schemas beside the ids, limits and allowance it shares", async () => {
    const sources = await bundledSources('graphics-video');
    expect(sources).not.toContain('shared/schemas/graphics.ts');
    expect(sources).toContain('shared/schemas/graphics-basics.ts');
  }, 120_000);

  it("stay out of signals-intake: the site keys' and delivery figures' schemas beside the events it takes", async () => {
    const sources = await bundledSources('signals-intake');
    expect(sources).not.toContain('shared/schemas/signals-endpoint.ts');
    expect(sources).toContain('shared/schemas/site-events.ts');
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

// Two of the agent's fifteen tools carry most of its own code: the marketing-mix tools read a model's report, parsed
// with the whole model export, and hand its allocation off through the optimizer's planner; the copy rewrite reads
// the ad, judges it and writes copy with the AI generator. Each loads with the tool's first call, not at every cold
// start (docs/benchmarks.md, session 25).
describe("the agent's tools whose logic loads with their first call", () => {
  it('keep the model store, the report schemas, the hand-off and the copy rewrite out of init', async () => {
    const [init, all] = await Promise.all([bundledSources('agent', 'init'), bundledSources('agent')]);
    for (const module of [
      'lambdas/lib/mmm/mmm-store.ts',
      'lambdas/lib/optimizer/mmm-handoff.ts',
      'shared/schemas/mmm.ts',
      'shared/mmm/spec.ts',
      'shared/mmm/allocator.ts',
      'lambdas/lib/ad-optimizer/rewrite-ad.ts',
      'lambdas/lib/optimizer/detectors.ts',
      'shared/schemas/ai.ts',
    ]) {
      expect(init, module).not.toContain(module);
      expect(all, module).toContain(module);
    }
    expect(init).toContain('lambdas/lib/agent/marketing-mix-tools.ts');
    expect(init).toContain('lambdas/lib/agent/propose-copy-tool.ts');
  }, 120_000);

  it('come in one piece with the rest of the MCP server, which loads after init anyway', async () => {
    const [agent, mcp] = await Promise.all([lazyEntries('agent'), lazyEntries('mcp')]);
    for (const module of ['lambdas/lib/agent/marketing-mix-logic.ts', 'lambdas/lib/ad-optimizer/rewrite-ad.ts']) {
      expect(agent, module).toContain(module);
      expect(mcp, module).not.toContain(module);
    }
    expect(mcp).toContain('lambdas/lib/agent/mcp-tools.ts');
  }, 120_000);
});
