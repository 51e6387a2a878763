import { BACKTEST_MAX_DAYS, type BacktestResult, type RuleDraft } from '@shared/schemas/rules';
import type { GraphClient } from '../lib/meta/graph-client';
import { readDailySeries, readRuleAccount, readRuleObjects } from '../lib/rules/account-data';
import { backtestRule } from '../lib/rules/backtest';
import { addDays } from '../lib/rules/rule-evaluation';
import { localTime } from '../lib/rules/rule-schedule';

/**
 * The backtest of a draft rule on the account's own history: up to 120 days ending yesterday in the
 * account's time zone (today is not over), read in chunks of a month (account-data.ts), replayed
 * by backtestRule.
 */
export async function backtestDraft(
  graph: GraphClient,
  rule: RuleDraft,
  days: number = BACKTEST_MAX_DAYS,
  options: { now: Date; remainingMs: () => number },
): Promise<BacktestResult> {
  const account = await readRuleAccount(graph, rule.scope.adAccountId);
  const to = addDays(localTime(options.now, account.timezoneName).date, -1);
  const from = addDays(to, -(days - 1));
  const { objects, partial: objectsPartial } = await readRuleObjects(graph, account.id, rule.scope.level, options);
  const { series, partial } = await readDailySeries(graph, account, rule.scope.level, from, to, options);
  return backtestRule({
    rule,
    currency: account.currency,
    from,
    to,
    objects: objects.map((object) => ({ object, series: series.get(object.id) ?? [] })),
    partial: partial || objectsPartial,
  });
}
