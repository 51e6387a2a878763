import { automationRulesRoutes as routes } from '@shared/function-routes/automation-rules';
import { on } from '../lib/http/http-function';
import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { graphForUser } from '../lib/meta-session/session';
import { backtestDraft } from './rule-backtest';

// A draft rule tried on the account's last days: the rules engine and its Meta reads load with it.
export const backtestRoute = on(routes.rulesBacktest, async ({ user, body, context }) =>
  backtestDraft(await graphForUser(user.sub, metaRuntime()), body.rule, body.days, {
    now: new Date(),
    remainingMs: () => context.getRemainingTimeInMillis(),
  }),
);
