import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeRule, formatMinor } from '@shared/rule-language';
import type { Rule, RuleRun } from '@shared/schemas/rules';
import { webPaths } from '@shared/web-paths';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
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
import { RuleBuilder } from './rule-builder';
import { reasonText } from './rule-words';

const OUTCOME_LABEL: Record<RuleRun['outcome'], string> = {
  acted: 'Acted',
  nothing_to_do: 'Nothing to do',
  skipped: 'Skipped',
  failed: 'Failed',
};
const SKIP_LABEL: Record<string, string> = {
  min_spend: 'below minimum spend',
  learning: 'learning',
  cooldown: 'in cooldown',
  not_applicable: 'nothing to change',
  at_limit: 'budget at its limit',
  plan_limit: 'refused by the plan',
};
const ACTION_LABEL: Record<string, string> = {
  pause: 'Paused',
  resume: 'Resumed',
  change_budget: 'Budget changed',
  notify: 'Notified',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function RunHistory({
  runs,
  currencyOf,
  killSwitchSince = null,
}: {
  runs: RuleRun[];
  currencyOf: (ruleId: string) => string;
  /** While the kill switch is on: when it was switched on. */
  killSwitchSince?: string | null;
}) {
  const stopped = killSwitchSince ? (
    <Alert variant="warning" title="The kill switch is on">
      {killSwitchSince === 'earlier' ? 'No rule runs' : `Since ${when(killSwitchSince)} no rule runs`}: scheduled runs
      and Run now are held back and nothing reaches Meta.
    </Alert>
  ) : null;
  if (runs.length === 0)
    return (
      <div className="grid gap-3">
        {stopped}
        <p className="text-sm text-muted-foreground">No runs yet. Switch a rule on, or press Run now.</p>
      </div>
    );
  return (
    <div className="grid gap-3">
      {stopped}
      <ol className="grid gap-3" aria-label="Run history">
        {runs.map((run) => {
          const currency = currencyOf(run.ruleId);
          const skips = Object.entries(run.skips)
            .filter(([, n]) => n > 0)
            .map(([reason, n]) => `${n} ${SKIP_LABEL[reason] ?? reason}`);
          return (
            <li key={run.runKey} className="rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{run.ruleName}</span>
                <Badge variant={run.outcome === 'acted' ? 'success' : 'outline'}>{OUTCOME_LABEL[run.outcome]}</Badge>
                <span className="text-muted-foreground">
                  {when(run.startedAt)} · {run.trigger === 'manual' ? 'run now' : 'scheduled'} · {run.evaluated} checked
                  {skips.length > 0 ? ` · skipped: ${skips.join(', ')}` : ''}
                </span>
              </div>
              {run.skippedBecause === 'kill_switch' ? (
                <p className="mt-1 text-muted-foreground">
                  Stopped by the kill switch: nothing is checked or changed until it is switched off (one line per rule,
                  however many runs it holds back).
                </p>
              ) : null}
              {run.error ? <p className="mt-1 text-destructive">{run.error}</p> : null}
              {run.actions.length > 0 ? (
                <ul className="mt-2 grid gap-1">
                  {run.actions.map((a) => (
                    <li key={a.objectId}>
                      <span className={a.status === 'failed' ? 'text-destructive' : ''}>
                        {a.status === 'failed' ? 'Failed: ' : ''}
                        {ACTION_LABEL[a.action] ?? a.action} <strong>{a.objectName}</strong>
                      </span>
                      {a.before &&
                      a.after &&
                      a.action === 'change_budget' &&
                      a.before.dailyBudgetMinor &&
                      a.after.dailyBudgetMinor
                        ? ` (${formatMinor(a.before.dailyBudgetMinor, currency)} → ${formatMinor(a.after.dailyBudgetMinor, currency)})`
                        : ''}
                      <span className="text-muted-foreground"> — {reasonText(a.readings, currency)}</span>
                      {a.error ? <span className="text-destructive"> ({a.error})</span> : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** /optimizer/rules: automation rules with their backtest, switch, run now, history and the kill switch. */
export function RulesPage() {
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

  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h2 className="text-xl font-semibold tracking-tight">Automation rules</h2>
        <p className="text-sm text-muted-foreground">
          If this, then that — proven on your account&apos;s own history before it runs. Rules run on their schedule in
          your AWS account and change Meta through the same audited path as a manual change.
        </p>
      </header>

      {accounts.isError ? (
        <Alert variant="warning" title="Connect Meta first">
          Rules read and change your Meta ad account. <Link to={webPaths.dashboard}>Connect Meta on the dashboard</Link>
          .
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Kill switch</CardTitle>
          <CardDescription>
            Stops every rule at once: nothing reaches Meta, and each rule shows one &ldquo;stopped&rdquo; line in the
            history until you switch it off.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4"
              checked={killed}
              disabled={!rules.data || killSwitch.isPending}
              onChange={(e) => killSwitch.mutate(e.target.checked)}
            />
            Kill switch: stop all rules
          </label>
          {killed ? <Badge>All rules stopped</Badge> : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row items-center justify-between gap-4">
          <div>
            <CardTitle>Your rules</CardTitle>
            <CardDescription>New rules start switched off: run the backtest, then switch them on.</CardDescription>
            {rulesLimit && rules.data ? (
              <p className="mt-1 text-sm font-medium" aria-label="Rules switched on">
                {rulesOn} of {rulesLimit.limit.toLocaleString()} rules on
                <span className="font-normal text-muted-foreground"> (your plan’s limit of rules on at once)</span>
              </p>
            ) : null}
          </div>
          <Button onClick={() => setEditing('new')} disabled={accountList.length === 0 || editing !== null}>
            New rule
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          {rules.isPending ? <Spinner label="Loading your rules" /> : null}
          {rules.isError ? (
            <Alert variant="destructive">Your rules could not be loaded: {rules.error.message}</Alert>
          ) : null}
          {editing !== null && accountList.length > 0 ? (
            <RuleBuilder
              key={editing === 'new' ? 'new' : `${editing.ruleId}@${editing.version}`}
              accounts={accountList}
              rule={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          ) : null}
          {rules.data && ruleList.length === 0 && editing === null ? (
            <p className="text-sm text-muted-foreground">
              No rules yet. A first one could pause any ad set whose cost per result over the last 3 days is above your
              target, once it has spent enough to judge.
            </p>
          ) : null}
          {ruleList.length > 0 ? (
            <ul className="grid gap-3" aria-label="Rules">
              {ruleList.map((rule) => (
                <li key={rule.ruleId} className="grid gap-2 rounded-md border p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{rule.rule.name}</h3>
                    <Badge variant={rule.status === 'on' ? 'success' : 'outline'}>
                      {rule.status === 'on' ? 'On' : 'Off'}
                    </Badge>
                    <span className="text-xs text-muted-foreground">version {rule.version}</span>
                  </div>
                  <p className="text-sm">{describeRule(rule.rule, currencyOfAccount(rule.rule.scope.adAccountId))}</p>
                  <p className="text-xs text-muted-foreground">
                    {rule.lastRun
                      ? `Last run ${when(rule.lastRun.at)}: ${OUTCOME_LABEL[rule.lastRun.outcome]}${rule.lastRun.actions > 0 ? ` (${rule.lastRun.actions} action${rule.lastRun.actions === 1 ? '' : 's'})` : ''}`
                      : 'Never run'}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant={rule.status === 'on' ? 'outline' : 'default'}
                      aria-label={`${rule.status === 'on' ? 'Switch off' : 'Switch on'} ${rule.rule.name}`}
                      disabled={setStatus.isPending}
                      onClick={() => setStatus.mutate({ id: rule.ruleId, status: rule.status === 'on' ? 'off' : 'on' })}
                    >
                      {rule.status === 'on' ? 'Switch off' : 'Switch on'}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Run ${rule.rule.name} now`}
                      disabled={runNow.isPending}
                      onClick={() => startRun(rule.ruleId)}
                    >
                      Run now
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${rule.rule.name}`}
                      disabled={editing !== null}
                      onClick={() => setEditing(rule)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${rule.rule.name}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(rule.ruleId)}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
          {setStatus.isError && !quotaHit ? (
            <Alert variant="destructive">The rule was not switched: {setStatus.error.message}</Alert>
          ) : null}
          {runNow.isError ? <Alert variant="destructive">The run was not started: {runNow.error.message}</Alert> : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Run history</CardTitle>
          <CardDescription>Every run, every action and the numbers behind it.</CardDescription>
        </CardHeader>
        <CardContent>
          {runs.isPending ? <Spinner label="Loading the run history" /> : null}
          {runs.isError ? (
            <Alert variant="destructive">The history could not be loaded: {runs.error.message}</Alert>
          ) : null}
          {runs.data ? (
            <RunHistory
              runs={runs.data.runs}
              currencyOf={currencyOfRule}
              killSwitchSince={rules.data?.settings.killSwitchSince ?? null}
            />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
