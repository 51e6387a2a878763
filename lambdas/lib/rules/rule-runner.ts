import type { RuleRunJob } from '@shared/schemas/rules';
import { listEnabledRules, type RuleTable } from './rule-store';

/**
 * The runner's fan-out: every user with a switched-on rule gets one job on the rule-runs queue, so
 * each user's Meta reads and changes run in their own evaluator invocation and a slow account never
 * holds the others back. Whether each rule is due (its schedule, in its account's time zone) is
 * decided by the evaluator, which knows the zone and claims each window once.
 */
export async function queueDueUsers(
  rules: RuleTable,
  send: (job: RuleRunJob) => Promise<void>,
  now: Date,
): Promise<number> {
  const enabled = await listEnabledRules(rules);
  const users = [...new Set(enabled.map((e) => e.userId))];
  for (const userId of users) await send({ userId, trigger: 'schedule', at: now.toISOString() });
  return users.length;
}
