import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}

/**
 * Token usage as CloudWatch metrics, per feature (a dimension: a handful of
 * values) and per user. A user id as a dimension would make one metric per user
 * (cost without bound), so per-user figures go out as a single-metric EMF line
 * whose `userId` property CloudWatch Logs Insights and contributor insights can
 * group by; the daily per-user total is also kept in the usage table.
 */
export function recordTokenUsage(metrics: Metrics, feature: string, userId: string, usage: TokenUsage): void {
  const figures: [string, number][] = [
    ['AiPromptTokens', usage.promptTokens],
    ['AiCompletionTokens', usage.completionTokens],
    ['AiTotalTokens', usage.promptTokens + usage.completionTokens],
  ];
  // A single-metric logger publishes on addMetric and then forgets its dimensions: one per figure.
  for (const [name, value] of figures) {
    const single = metrics.singleMetric();
    single.addDimension('feature', feature);
    single.addMetadata('userId', userId);
    single.addMetric(name, MetricUnit.Count, value);
  }
}
