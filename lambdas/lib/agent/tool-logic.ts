import type { writeRewrite } from '../ad-optimizer/rewrite-ad';
import type * as MarketingMixLogic from './marketing-mix-logic';

/**
 * The logic of the tools that carry most of the agent's own code, which each way in loads its own way: the in-app
 * agent imports it with the tool's first call (lambdas/agent/tool-logic-on-first-call.ts: most turns call neither,
 * and its init is the cold start a person waits on), the MCP server with the rest of its tools (mcp-tools.ts), which
 * it loads after init anyway: as chunks of their own they made a request that called both ~40 ms slower
 * (docs/benchmarks.md, session 25).
 */
export interface ToolLogic {
  /** The marketing-mix model store's reads and the optimizer's hand-off (marketing-mix-logic.ts). */
  marketingMix: () => Promise<typeof MarketingMixLogic>;
  /** The copy rewrite: the ad's reads and verdicts and the AI copy generator. */
  rewriteAd: () => Promise<{ writeRewrite: typeof writeRewrite }>;
}
