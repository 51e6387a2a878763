import type { AiRuntime } from '../ai/ai-runtime';
import { reportSummaryInput, reportSummaryPrompt } from '../ai/prompts/report-summary';
import { generateStructured } from '../ai/structured-generation';
import { AiSummaryReplySchema, type SummaryWriter } from './report-summary';

/** The summary's share of a report function's time: it must leave the PDF and the send enough. */
const SUMMARY_DEADLINE_MS = 8_000;

/**
 * The AI engine behind a report's written summary: one structured generation from the report's figures. It takes
 * none of the workspace's daily AI generations (a report is sent on a schedule, not asked for); its tokens are logged
 * with the feature's name, for cost. Whatever it writes is checked number by number before it is used
 * (writeReportSummary).
 */
export function aiSummaryWriter(options: {
  runtime: () => Promise<AiRuntime>;
  log?: (message: string, facts: Record<string, unknown>) => void;
}): SummaryWriter {
  const log = options.log ?? (() => undefined);
  return async (data) => {
    const runtime = await options.runtime();
    const result = await generateStructured({
      client: runtime.client,
      settings: runtime.settings,
      messages: reportSummaryPrompt.build(reportSummaryInput(data)),
      schemaName: 'report_summary',
      schema: AiSummaryReplySchema,
      deadline: Date.now() + SUMMARY_DEADLINE_MS,
      onInvalidReply: (info) => log('AI reply failed validation', { feature: reportSummaryPrompt.feature, ...info }),
    });
    log('AI generation', {
      feature: reportSummaryPrompt.feature,
      promptVersion: reportSummaryPrompt.version,
      model: result.model,
      calls: result.calls,
      ...result.usage,
    });
    return result.value;
  };
}
