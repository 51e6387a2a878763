import { automationRulesRoutes as routes } from '@shared/function-routes/automation-rules';
import { on } from '../lib/http/http-function';
import { deleteRule, listRuns, listRules, listVersions, readSettings, writeSettings } from '../lib/rules/rule-store';
import { quota, rules, runs } from './rule-tables';

// The rules, their history and settings as stored: nothing here reads Meta.
export const listRoute = on(routes.rulesList, async ({ user }) => ({
  rules: await listRules(rules(), user.sub),
  settings: await readSettings(rules(), user.sub),
}));
export const deleteRoute = on(routes.rulesDelete, async ({ user, params }) => {
  await deleteRule(rules(), user.sub, params.id);
  // A deleted rule no longer counts against the plan's rules on at once.
  await quota().release(user.sub, [params.id]);
  return { deleted: true as const };
});
export const versionsRoute = on(routes.rulesVersions, async ({ user, params }) => ({
  versions: await listVersions(rules(), user.sub, params.id),
}));
export const runsRoute = on(routes.rulesRuns, async ({ user }) => ({ runs: await listRuns(runs(), user.sub) }));
export const settingsRoute = on(routes.rulesSettings, ({ user, body }) =>
  writeSettings(rules(), user.sub, body, new Date()),
);
