import type { RuleRunJob } from '@shared/schemas/rules';
import { listEnabledRules, type RuleTable } from './rule-store';
import { scheduledWindow } from './run-rules';

/** Job bodies name at most this many rules (RuleRunJobSchema); a user with more gets a job for all of theirs. */
const MAX_RULE_IDS = 100;

/**
 * The runner's fan-out: one job on the rule-runs queue per user with a rule due now, so each user's Meta
 * reads and changes run in their own evaluator invocation and a slow account never holds the others back.
 * Due-ness is decided here from the switched-on rule items alone (schedule, the account time zone cached
 * on them, the last window run): a tick when nothing is due queues nothing and reads nothing from Meta.
 * A rule whose account zone was never read counts as due; the evaluator reads it once and caches it.
 */
export async function queueDueUsers(
  rules: RuleTable,
  send: (job: RuleRunJob) => Promise<void>,
  now: Date,
): Promise<number> {
  const enabled = await listEnabledRules(rules);
  const due = new Map<string, string[]>();
  for (const record of enabled) {
    if (scheduledWindow(record, now) === null) continue;
    due.set(record.userId, [...(due.get(record.userId) ?? []), record.rule.ruleId]);
  }
  for (const [userId, ruleIds] of due) {
    await send({
      userId,
      trigger: 'schedule',
      at: now.toISOString(),
      ...(ruleIds.length <= MAX_RULE_IDS ? { ruleIds } : {}),
    });
  }
  return due.size;
}
