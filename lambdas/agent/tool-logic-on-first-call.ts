import type { ToolLogic } from '../lib/agent/tool-logic';

/**
 * The marketing-mix tools' and the copy rewrite's logic, imported by the first turn that calls one of them: ~900 zod
 * schemas and ~100 KB that a turn calling neither (most turns) no longer loads at init (docs/benchmarks.md, session 25).
 */
export const toolLogicOnFirstCall: ToolLogic = {
  marketingMix: () => import('../lib/agent/marketing-mix-logic'),
  rewriteAd: () => import('../lib/ad-optimizer/rewrite-ad'),
};
