import { useState } from 'react';
import type { Rule } from '@shared/schemas/rules';
import { useAuth } from '@web/lib/auth/use-auth';
import { quotaExceededOf, useUsage } from '@web/lib/billing/usage';
import {
  useAdAccountsForRules,
  useDeleteRule,
  useKillSwitch,
  useRuleRuns,
  useRules,
  useRunNow,
  useSetRuleStatus,
} from '@web/features/optimizer/api/rules-api';

/** The rules screen's queries, mutations and choices: the rules, their runs, the one being edited, the limits. */
export function useRulesPage() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const accounts = useAdAccountsForRules(uid);
  const [pollingUntil, setPollingUntil] = useState(0);
  const rules = useRules(uid, pollingUntil > 0);
  const runs = useRuleRuns(uid, pollingUntil > 0);
  const setStatus = useSetRuleStatus(uid);
  const runNow = useRunNow(uid);
  const remove = useDeleteRule(uid);
  const killSwitch = useKillSwitch(uid);
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);

  const accountList = accounts.data?.data ?? [];
  const currencyOfAccount = (id: string) => accountList.find((a) => a.id === id)?.currency ?? 'USD';
  const ruleList = rules.data?.rules ?? [];
  const currencyOfRule = (ruleId: string) => {
    const rule = ruleList.find((r) => r.ruleId === ruleId);
    return rule ? currencyOfAccount(rule.rule.scope.adAccountId) : 'USD';
  };
  const killed = rules.data?.settings.killSwitch ?? false;
  const usage = useUsage({ enabled: !!uid });
  const rulesLimit = usage.data?.limits.find((l) => l.key === 'automationRules');
  const rulesOn = ruleList.filter((r) => r.status === 'on').length;
  const quotaHit = setStatus.isError ? quotaExceededOf(setStatus.error) : null;

  const startRun = (ruleId: string) =>
    runNow.mutate(ruleId, {
      onSuccess: () => {
        // Poll the history for a while: the run is queued and lands within seconds.
        const until = Date.now() + 30_000;
        setPollingUntil(until);
        setTimeout(() => setPollingUntil((current) => (current === until ? 0 : current)), 30_000);
      },
    });

  return {
    uid,
    accounts,
    rules,
    runs,
    setStatus,
    runNow,
    remove,
    killSwitch,
    editing,
    setEditing,
    accountList,
    currencyOfAccount,
    ruleList,
    currencyOfRule,
    killed,
    rulesLimit,
    rulesOn,
    quotaHit,
    startRun,
  };
}
