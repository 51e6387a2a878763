import { Link } from 'react-router-dom';
import { formatMinor } from '@shared/rule-language';
import type { RuleRun } from '@shared/schemas/rules';
import { webPaths } from '@shared/web-paths';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ACTION_LABEL, OUTCOME_LABEL, SKIP_LABEL, formatRunTime } from '../../lib/rule-run-words';
import { KillSwitchCard } from './kill-switch-card';
import { RuleBuilder } from './rule-builder';
import { RuleListItem } from './rule-list-item';
import { reasonText } from './rule-words';
import { useRulesPage } from './use-rules-page';

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
      {killSwitchSince === 'earlier' ? 'No rule runs' : `Since ${formatRunTime(killSwitchSince)} no rule runs`}:
      scheduled runs and Run now are held back and nothing reaches Meta.
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
                  {formatRunTime(run.startedAt)} · {run.trigger === 'manual' ? 'run now' : 'scheduled'} ·{' '}
                  {run.evaluated} checked
                  {skips.length > 0 ? ` · skipped: ${skips.join(', ')}` : ''}
                </span>
              </div>
              {run.skippedBecause === 'kill_switch' ? (
                <p className="mt-1 text-muted-foreground">
                  Stopped by the kill switch: nothing is checked or changed until it is switched off (one line per rule,
                  however many runs it holds back).
                </p>
              ) : null}
              {run.partial ? (
                <p className="mt-1 text-muted-foreground">
                  Checked in part: the ad account is larger than one run reads, so objects beyond it were not checked.
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
  const {
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
  } = useRulesPage();

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

      <KillSwitchCard
        killed={killed}
        disabled={!rules.data || killSwitch.isPending}
        onChange={(on) => killSwitch.mutate(on)}
      />

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
                <RuleListItem
                  key={rule.ruleId}
                  rule={rule}
                  currency={currencyOfAccount(rule.rule.scope.adAccountId)}
                  switching={setStatus.isPending}
                  running={runNow.isPending}
                  editing={editing !== null}
                  deleting={remove.isPending}
                  onSwitch={() => setStatus.mutate({ id: rule.ruleId, status: rule.status === 'on' ? 'off' : 'on' })}
                  onRun={() => startRun(rule.ruleId)}
                  onEdit={() => setEditing(rule)}
                  onDelete={() => remove.mutate(rule.ruleId)}
                />
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
