/**
 * Automation rules on a large account, in its own process: the Meta sandbox seeded with enough campaigns
 * for at least 2,000 ads in one ad account (campaigns per account, ads per ad set), the twin's DynamoDB
 * (dynalite, every table), 100 switched-on rules on that account (ads, ad sets and campaigns; pause,
 * budget and notify), then the evaluator's run
 * (`runRulesForUser`, the code the rules-evaluator function runs) timed over consecutive hourly windows,
 * with the Graph calls each run made. Changes at Meta are recorded, not sent (the object-change path has
 * its own tests): the figure is the evaluation. Prints one JSON line.
 */
import { startMetaSandbox } from '@infra/twin/meta-sandbox/server';
import { localTableName } from '@infra/twin/function-environment';
import { defaultSafeguards } from '@shared/rule-language';
import type { RuleDraft } from '@shared/schemas/rules';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import { readAccountObjects } from '@lambdas/lib/rules/account-data';
import { createRule, setRuleStatus } from '@lambdas/lib/rules/rule-store';
import { runRulesForUser } from '@lambdas/lib/rules/run-rules';
import { startLocalAws } from '../support/local-aws';
import { consent } from '../support/meta-consent';
import { percentile } from './percentiles';

const RULES = Number(process.argv[2] ?? 100);
const RUNS = Number(process.argv[3] ?? 10);
const CAMPAIGNS = Number(process.argv[4] ?? 200);
const ADS_PER_AD_SET = process.argv[5] ? Number(process.argv[5]) : 6;
const APP = { appId: '1234567890', appSecret: 'bench-secret' };
const VERSION = 'v26.0';

async function main() {
  const meta = await startMetaSandbox({
    port: 0,
    ...APP,
    seed: { campaignsPerAccount: CAMPAIGNS, adsPerAdSet: ADS_PER_AD_SET },
  });
  const aws = await startLocalAws();
  try {
    // The demo Meta user's token through the consent dialog and the code exchange, as the product gets it.
    const redirect = 'http://localhost/bench/callback';
    const dialog = `${meta.url}/${VERSION}/dialog/oauth?client_id=${APP.appId}&redirect_uri=${encodeURIComponent(redirect)}&scope=ads_read,ads_management&response_type=code&state=bench`;
    const back = await consent(dialog, 'continue');
    const exchange = new URL(`${meta.url}/${VERSION}/oauth/access_token`);
    exchange.search = new URLSearchParams({
      client_id: APP.appId,
      client_secret: APP.appSecret,
      redirect_uri: redirect,
      code: back.searchParams.get('code')!,
    }).toString();
    const { access_token: accessToken } = (await (await fetch(exchange)).json()) as { access_token: string };
    let calls = 0;
    const graph = createGraphClient({
      baseUrl: meta.url,
      version: VERSION,
      appSecret: APP.appSecret,
      accessToken,
      onCall: () => (calls += 1),
    });
    const accounts = (await graph.get('/me/adaccounts', { fields: 'id,currency' })) as {
      data: { id: string; currency: string }[];
    };
    const account = accounts.data.find((a) => a.currency === 'USD') ?? accounts.data[0]!;
    const sizes = await readAccountObjects(graph, account.id, new Set(['campaign', 'adset', 'ad'] as const), {
      remainingMs: () => 600_000,
      maxPages: 100,
    });

    const rules = { doc: aws.doc, table: localTableName('automationRules') };
    const runs = { doc: aws.doc, table: localTableName('ruleRuns') };
    const userId = 'bench-user';
    const base = new Date();
    const level = (i: number) => (i % 10 < 6 ? 'ad' : i % 10 < 9 ? 'adset' : 'campaign');
    for (let i = 0; i < RULES; i++) {
      const l = level(i);
      const draft: RuleDraft = {
        name: `bench rule ${i}`,
        scope: { adAccountId: account.id, level: l, filter: { kind: 'all' } },
        conditions: [
          {
            metric: 'cost_per_result',
            window: (['last_3_days', 'last_7_days', 'last_14_days'] as const)[i % 3]!,
            comparator: 'gt',
            threshold: 5_000 + i * 100,
          },
          ...(i % 2 === 0
            ? [
                {
                  metric: 'frequency' as const,
                  window: 'last_7_days' as const,
                  comparator: 'gt' as const,
                  threshold: 2,
                },
              ]
            : []),
        ],
        action:
          i % 4 === 0
            ? { type: 'notify' }
            : l !== 'ad' && i % 4 === 1
              ? { type: 'change_budget', direction: 'lower', percent: 10, floorMinor: 1_000, ceilingMinor: 1_000_000 }
              : { type: 'pause' },
        schedule: { kind: 'hourly' },
        safeguards: defaultSafeguards(account.currency),
      };
      const rule = await createRule(rules, userId, draft, base);
      await setRuleStatus(rules, userId, rule.ruleId, 'on', base);
    }

    const times: number[] = [];
    const graphCalls: number[] = [];
    let evaluated = 0;
    let actions = 0;
    for (let i = 0; i < RUNS; i++) {
      const at = new Date(base.getTime() + i * 3_600_000);
      calls = 0;
      const started = performance.now();
      const done = await runRulesForUser(
        {
          rules,
          runs,
          graph,
          // Recorded, not sent: the figure is the evaluation.
          applyChange: async ({ change }) => {
            actions += 1;
            return {
              before: { status: 'ACTIVE', dailyBudget: 10_000 },
              after: { status: change.status ?? 'ACTIVE', dailyBudget: change.dailyBudget ?? 10_000 },
            };
          },
          notify: async () => undefined,
          now: () => new Date(at.getTime() + (performance.now() - started)),
          remainingMs: () => 300_000,
          finalAttempt: true,
        },
        { userId, trigger: 'schedule', at: at.toISOString() },
      );
      times.push(performance.now() - started);
      graphCalls.push(calls);
      if (done.length !== RULES) throw new Error(`run ${i} evaluated ${done.length} rules, not ${RULES}`);
      evaluated = done.reduce((n, r) => n + r.evaluated, 0);
    }
    console.log(
      JSON.stringify({
        rules: RULES,
        runs: RUNS,
        campaigns: sizes.byLevel.get('campaign')!.length,
        adsets: sizes.byLevel.get('adset')!.length,
        ads: sizes.byLevel.get('ad')!.length,
        objectChecksPerRun: evaluated,
        actionsRecorded: actions,
        graphCallsFirstRun: graphCalls[0],
        graphCallsLaterRuns: graphCalls.slice(1),
        p50: percentile(times, 50),
        p99: percentile(times, 99),
      }),
    );
  } finally {
    await aws.stop();
    await meta.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
