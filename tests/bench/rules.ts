import { runProbe } from './run-probe';

interface RulesFigure {
  rules: number;
  runs?: number;
  ads?: number;
  objectChecksPerRun?: number;
  graphCallsFirstRun?: number;
  graphCallsLaterRuns?: number[];
  p50?: number;
  p99?: number;
  error?: string;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/**
 * The rules evaluator's run of 100 switched-on rules against one ad account with at least 2,000 ads
 * (the sandbox seeded with 200 campaigns of 6 ads per ad set: about 2,200 ads), over consecutive hourly
 * windows: time per run (p50, p99) and Graph calls per run (the first also reads the account's currency
 * and zone, cached after).
 */
export function measureRules(rules = 100, runs = 10, campaigns = 200, adsPerAdSet = 6): RulesFigure {
  console.log(`\nautomation rules: ${rules} rules evaluated per run on one ad account (rules-evaluator's run)`);
  const outcome = runProbe<RulesFigure>('rules-probe.ts', [rules, runs, campaigns, adsPerAdSet]);
  if ('error' in outcome) {
    console.log(`  FAILED: ${outcome.error}`);
    return { rules, error: outcome.error };
  }
  const figure = outcome.figure;
  const later = figure.graphCallsLaterRuns ?? [];
  console.log(
    `  ${figure.ads!.toLocaleString('en-US')} ads, ${figure.objectChecksPerRun!.toLocaleString('en-US')} object checks per run   ` +
      `Graph calls per run: ${figure.graphCallsFirstRun} first, ${later.length ? Math.max(...later) : '—'} after   ` +
      `p50 ${ms(figure.p50!)}  p99 ${ms(figure.p99!)}  (${figure.runs} runs)`,
  );
  return figure;
}
