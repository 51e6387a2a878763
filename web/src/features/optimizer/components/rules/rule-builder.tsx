import { useState, type FormEvent } from 'react';
import { describeRule, describeSafeguards } from '@shared/rule-language';
import { type Rule } from '@shared/schemas/rules';
import type { AdAccount } from '@shared/schemas/meta';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useBacktest, useCreateRule, useUpdateRule } from '@web/features/optimizer/api/rules-api';
import { initialState, toDraft, type ConditionState, type FormState } from '../../lib/rule-form';
import { BacktestView } from './backtest-view';
import { RuleActionFields } from './rule-action-fields';
import { RuleConditionsFieldset } from './rule-conditions-fieldset';
import { RuleSafeguardsFieldset } from './rule-safeguards-fieldset';
import { RuleScopeFields } from './rule-scope-fields';

export interface RuleBuilderProps {
  accounts: AdAccount[];
  /** Editing this rule; a new rule when absent. */
  rule?: Rule;
  onDone: () => void;
}

export function RuleBuilder({ accounts, rule, onDone }: RuleBuilderProps) {
  const { currentUser } = useAuth();
  const [state, setState] = useState<FormState>(() => initialState(accounts, rule));
  const create = useCreateRule(currentUser?.uid);
  const update = useUpdateRule(currentUser?.uid);
  const backtest = useBacktest();
  const account = accounts.find((a) => a.id === state.adAccountId) ?? accounts[0];
  const currency = account?.currency ?? 'USD';
  const built = toDraft(state, currency);
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  const setCondition = (i: number, patch: Partial<ConditionState>) =>
    setState((s) => ({ ...s, conditions: s.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!('draft' in built)) return;
    if (rule)
      update.mutate({ id: rule.ruleId, rule: built.draft, expectedVersion: rule.version }, { onSuccess: onDone });
    else create.mutate(built.draft, { onSuccess: onDone });
  };

  return (
    <form className="grid gap-6" onSubmit={onSubmit} aria-label={rule ? 'Edit rule' : 'New rule'}>
      <RuleScopeFields state={state} set={set} accounts={accounts} />

      <RuleConditionsFieldset state={state} set={set} currency={currency} setCondition={setCondition} />

      <RuleActionFields state={state} set={set} currency={currency} account={account} />

      <RuleSafeguardsFieldset state={state} set={set} currency={currency} />

      <section aria-label="Preview" className="grid gap-2 rounded-md bg-muted p-4">
        {'draft' in built ? (
          <>
            <p className="font-medium" data-testid="rule-preview">
              {describeRule(built.draft, currency)}
            </p>
            <ul className="list-disc pl-5 text-sm text-muted-foreground">
              {describeSafeguards(built.draft, currency).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Preview: {built.error}</p>
        )}
      </section>

      {saveError ? <Alert variant="destructive">The rule was not saved: {saveError.message}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={!('draft' in built) || backtest.isPending}
          onClick={() => 'draft' in built && backtest.mutate(built.draft)}
        >
          Run backtest
        </Button>
        <Button type="submit" disabled={!('draft' in built) || saving}>
          {rule ? 'Save new version' : 'Save rule'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {backtest.isPending ? <Spinner label="Replaying up to 120 days of your account's history" /> : null}
      {backtest.isError ? <Alert variant="destructive">The backtest failed: {backtest.error.message}</Alert> : null}
      {backtest.data ? <BacktestView result={backtest.data} /> : null}
    </form>
  );
}
