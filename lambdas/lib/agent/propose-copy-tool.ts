import * as z from 'zod';
import { adCopyToneKeys } from '@shared/ad-copy-rules';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import { unpublishableCopyMessage } from '@shared/publishable-text';
import { webPaths } from '@shared/web-paths';
import { putTest } from '../ad-optimizer/test-row';
import { AppError, notFound } from '../errors';
import { GraphError } from '../meta/graph-errors';
import type { AgentToolContext } from './agent-context';
import { refuseUnlessAllowed } from './propose-tools';
import { defineTool } from './tool-registry';

/**
 * The copy rewrite proposal: new copy for a tired ad, written by the ad copy generator (same prompt, same
 * validation, one of the plan's AI generations), kept only where it passes the publish-safety check (no ad or
 * ad set name, id, pipe or template text), and stored as a pending rewrite in the ad optimizer, where a person
 * sees the current copy beside the new and approves an A/B copy of the ad (made PAUSED in its ad set, through
 * the same lock, audit rows, `campaign` event and 24-hour undo; the audit names this conversation). Nothing
 * reaches Meta here.
 */

/** Copy that passes the shared check, judged as the approval will judge it again. */
export function publishableVariants(test: AdTest): AdTest['variants'] {
  const context = {
    names: [
      { kind: 'ad' as const, name: test.adName },
      ...(test.adsetName ? [{ kind: 'ad set' as const, name: test.adsetName }] : []),
    ],
    allowed: [test.original.headline, test.original.primaryText, test.original.description],
  };
  return test.variants.filter((variant) => unpublishableCopyMessage(variant, context) === undefined);
}

/** Where the rewrite waits: the ad optimizer on the ad's account, its drawer open on the rewrite. */
export function rewritePath(test: Pick<AdTest, 'adAccountId' | 'adId' | 'id'>): string {
  const query = new URLSearchParams({ account: test.adAccountId, ad: test.adId, rewrite: test.id });
  return `${webPaths.adOptimizer}?${query.toString()}`;
}

export const proposeCopyRewriteTool = defineTool({
  name: 'propose_copy_rewrite',
  kind: 'propose',
  description:
    "Propose new copy for an ad, tested as an A/B copy: writes variants from the ad's current copy and why it is tired, keeps only copy that can be published, and leaves them waiting in the ad optimizer. Nothing changes until a person approves one there.",
  args: () =>
    z
      .object({
        adId: z.string().regex(/^\d{1,30}$/, 'A Meta ad id is numeric'),
        variants: z.number().int().min(1).max(3).default(2),
        tone: z.enum(adCopyToneKeys).optional(),
      })
      .strict(),
  run: async (args, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'propose_copy_rewrite');
    const session = await ctx.session();
    // The rewrite (the ad's reads and verdicts, the copy generator and its schemas: ~370 zod schemas and ~40 KB) comes
    // through ctx.logic (tool-logic.ts): the in-app agent loads it with the tool's first call, not at every cold start.
    const { writeRewrite } = await ctx.logic.rewriteAd();
    let test: AdTest;
    try {
      test = await writeRewrite(
        session,
        args.adId,
        { variants: args.variants, variation: 0, ...(args.tone ? { tone: args.tone } : {}) },
        { adCopy: ctx.adCopy, remainingMs: session.deps.remainingMs ?? (() => 10_000) },
      );
    } catch (error) {
      // Meta refuses another workspace's ad under this token: the model hears only that it is not this workspace's.
      const refused =
        (error instanceof GraphError && error.kind === 'meta') ||
        (error instanceof AppError && error.code === 'NOT_FOUND');
      if (refused) throw notFound(`No ad ${args.adId} in this workspace's ad accounts.`);
      throw error;
    }
    const variants = publishableVariants(test);
    if (variants.length === 0)
      throw new AppError(
        'VALIDATION_ERROR',
        'The copy written for this ad names internal objects (an ad or ad set name, an id or template text), so it is not proposed. Ask again for another wording.',
      );
    const proposed: AdTest = {
      ...test,
      variants,
      proposedBy: { conversationId: ctx.conversationId, actor: ctx.actor },
    };
    const title = `Test new copy against ${test.adName} (${variants.length} ${variants.length === 1 ? 'variant' : 'variants'})`;
    const why = `Why: ${test.reason}`;
    const proposal = {
      recommendationId: proposed.id,
      adAccountId: proposed.adAccountId,
      title,
      drawerPath: rewritePath(proposed),
      dryRun: ctx.guardrails.dryRun,
    };
    const data = {
      rewriteId: proposed.id,
      current: proposed.original,
      variants: variants.map((v) => ({ headline: v.headline, primaryText: v.primaryText, description: v.description })),
    };
    if (ctx.guardrails.dryRun)
      return { ok: true, summary: `Dry run (nothing stored, nothing changed): ${title}. ${why}`, data, proposal };
    await putTest(ctx.adTests, ctx.workspace.id, proposed, ctx.now());
    return {
      ok: true,
      summary: `Proposed, waiting for approval in the ad optimizer (nothing changed yet): ${title}. ${why}`,
      data,
      proposal,
    };
  },
});
