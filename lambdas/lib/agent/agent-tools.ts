import { listMmmAllocationsTool, proposeMmmAllocationTool } from './marketing-mix-tools';
import { proposeCopyRewriteTool } from './propose-copy-tool';
import { proposeAudienceExclusionTool } from './propose-exclusion-tool';
import { proposeRuleTool } from './propose-rule-tool';
import { applyRecommendationTool, proposeBudgetChangeTool, proposeStatusChangeTool } from './propose-tools';
import {
  getInsightsTool,
  listAdAccountsTool,
  listAudiencesTool,
  listAuditTrailTool,
  listMmmReportsTool,
  listRecommendationsTool,
  listRulesTool,
} from './read-tools';
import type { AgentTool } from './tool-registry';
import type { AgentToolContext } from './agent-context';
import type * as z from 'zod';

/** Every tool the agent offers the model, read tools first (the order the model sees them in). */
export const AGENT_TOOLS: ReadonlyArray<AgentTool<z.ZodType, AgentToolContext>> = [
  listAdAccountsTool,
  getInsightsTool,
  listRecommendationsTool,
  listRulesTool,
  listMmmReportsTool,
  listMmmAllocationsTool,
  listAuditTrailTool,
  listAudiencesTool,
  proposeStatusChangeTool,
  proposeBudgetChangeTool,
  applyRecommendationTool,
  proposeRuleTool,
  proposeCopyRewriteTool,
  proposeMmmAllocationTool,
  proposeAudienceExclusionTool,
] as ReadonlyArray<AgentTool<z.ZodType, AgentToolContext>>;
