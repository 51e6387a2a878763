import { useState, type FormEvent } from 'react';
import { budgetToMajor, majorToBudget } from '@shared/currency-units';
import { defaultSafeguards, describeRule, describeSafeguards } from '@shared/rule-language';
import {
  MAX_CONDITIONS,
  MONEY_METRICS,
  OBJECTIVES,
  RuleDraftSchema,
  type Comparator,
  type Rule,
  type RuleDraft,
  type RuleLevel,
  type RuleMetric,
  type RuleWindow,
} from '@shared/schemas/rules';
import type { AdAccount } from '@shared/schemas/meta';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useBacktest, useCreateRule, useUpdateRule } from '@web/features/optimizer/api/rules-api';
import { BacktestView } from './backtest-view';

const METRICS: [RuleMetric, string][] = [
  ['cost_per_result', 'Cost per result'],
  ['spend', 'Spend'],
  ['results', 'Results'],
  ['roas', 'ROAS (×)'],
  ['ctr', 'CTR (%)'],
  ['cpm', 'CPM'],
  ['frequency', 'Frequency'],
];
const WINDOWS: [RuleWindow, string][] = [
  ['today', 'Today'],
  ['last_3_days', 'Last 3 days'],
  ['last_7_days', 'Last 7 days'],
  ['last_14_days', 'Last 14 days'],
  ['last_30_days', 'Last 30 days'],
];
const COMPARATORS: [Comparator, string][] = [
  ['gt', 'is above'],
  ['gte', 'is at least'],
  ['lt', 'is below'],
  ['lte', 'is at most'],
];

interface ConditionState {
  metric: RuleMetric;
  window: RuleWindow;
  comparator: Comparator;
  /** As typed, in major units for money. */
  value: string;
}

interface FormState {
  name: string;
  adAccountId: string;
  level: RuleLevel;
  filterKind: 'all' | 'name' | 'objective' | 'ids';
  nameContains: string;
  objective: (typeof OBJECTIVES)[number];
  ids: string;
  conditions: ConditionState[];
  action: 'pause' | 'resume' | 'raise' | 'lower' | 'notify';
  percent: string;
  floor: string;
  ceiling: string;
  schedule: 'every_30_minutes' | 'hourly' | 'daily';
  time: string;
  minSpend: string;
  skipLearning: boolean;
  lagDays: string;
  cooldownHours: string;
  maxChangePercent: string;
}

function initialState(accounts: AdAccount[], rule?: Rule): FormState {
  const account = accounts.find((a) => a.id === rule?.rule.scope.adAccountId) ?? accounts[0];
  const currency = account?.currency ?? 'USD';
  const major = (minor: number) => String(budgetToMajor(minor, currency));
  if (rule) {
    const r = rule.rule;
    const f = r.scope.filter;
    return {
      name: r.name,
      adAccountId: r.scope.adAccountId,
      level: r.scope.level,
      filterKind: f.kind,
      nameContains: f.kind === 'name' ? f.contains : '',
      objective: f.kind === 'objective' ? f.objectives[0]! : 'OUTCOME_SALES',
      ids: f.kind === 'ids' ? f.ids.join(', ') : '',
      conditions: r.conditions.map((c) => ({
        metric: c.metric,
        window: c.window,
        comparator: c.comparator,
        value: MONEY_METRICS.has(c.metric) ? major(c.threshold) : String(c.threshold),
      })),
      action: r.action.type === 'change_budget' ? r.action.direction : (r.action.type as 'pause' | 'resume' | 'notify'),
      percent: r.action.type === 'change_budget' ? String(r.action.percent) : '15',
      floor: r.action.type === 'change_budget' ? major(r.action.floorMinor) : '',
      ceiling: r.action.type === 'change_budget' ? major(r.action.ceilingMinor) : '',
      schedule: r.schedule.kind,
      time: r.schedule.kind === 'daily' ? r.schedule.time : '09:00',
      minSpend: major(r.safeguards.minSpendMinor),
      skipLearning: r.safeguards.skipLearning,
      lagDays: String(r.safeguards.attributionLagDays),
      cooldownHours: String(r.safeguards.cooldownHours),
      maxChangePercent: String(r.safeguards.maxBudgetChangePercentPerDay),
    };
  }
  const safe = defaultSafeguards(currency);
  return {
    name: '',
    adAccountId: account?.id ?? '',
    level: 'adset',
    filterKind: 'all',
    nameContains: '',
    objective: 'OUTCOME_SALES',
    ids: '',
    conditions: [{ metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', value: '' }],
    action: 'pause',
    percent: '15',
    floor: '',
    ceiling: '',
    schedule: 'daily',
    time: '09:00',
    minSpend: major(safe.minSpendMinor),
    skipLearning: safe.skipLearning,
    lagDays: String(safe.attributionLagDays),
    cooldownHours: String(safe.cooldownHours),
    maxChangePercent: String(safe.maxBudgetChangePercentPerDay),
  };
}

/** The form as a rule (money to minor units of the account's currency), or why it is not one yet. */
export function toDraft(s: FormState, currency: string): { draft: RuleDraft } | { error: string } {
  const money = (text: string) => majorToBudget(Number(text || 'NaN'), currency);
  const num = (text: string) => Number(text.trim() === '' ? 'NaN' : text);
  try {
    const candidate = {
      name: s.name,
      scope: {
        adAccountId: s.adAccountId,
        level: s.level,
        filter:
          s.filterKind === 'all'
            ? { kind: 'all' }
            : s.filterKind === 'name'
              ? { kind: 'name', contains: s.nameContains }
              : s.filterKind === 'objective'
                ? { kind: 'objective', objectives: [s.objective] }
                : {
                    kind: 'ids',
                    ids: s.ids
                      .split(/[\s,]+/)
                      .map((id) => id.trim())
                      .filter(Boolean),
                  },
      },
      conditions: s.conditions.map((c) => ({
        metric: c.metric,
        window: c.window,
        comparator: c.comparator,
        threshold: MONEY_METRICS.has(c.metric) ? money(c.value) : num(c.value),
      })),
      action:
        s.action === 'raise' || s.action === 'lower'
          ? {
              type: 'change_budget',
              direction: s.action,
              percent: num(s.percent),
              floorMinor: s.floor.trim() === '' ? 0 : money(s.floor),
              // A raise needs its ceiling; a cut without one has no upper limit to respect.
              ceilingMinor: s.ceiling.trim() === '' ? (s.action === 'lower' ? 1e12 : Number.NaN) : money(s.ceiling),
            }
          : { type: s.action },
      schedule: s.schedule === 'daily' ? { kind: 'daily', time: s.time } : { kind: s.schedule },
      safeguards: {
        minSpendMinor: s.minSpend.trim() === '' ? 0 : money(s.minSpend),
        skipLearning: s.skipLearning,
        attributionLagDays: num(s.lagDays),
        cooldownHours: num(s.cooldownHours),
        maxBudgetChangePercentPerDay: num(s.maxChangePercent),
      },
    };
    const parsed = RuleDraftSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { error: `${issue.path.join(' › ') || 'Rule'}: ${issue.message}` };
    }
    return { draft: parsed.data };
  } catch {
    return { error: 'Amounts must be numbers.' };
  }
}

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
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Rule name">
          {(control) => (
            <Input {...control} value={state.name} onChange={(e) => set({ name: e.target.value })} maxLength={120} />
          )}
        </FormField>
        <FormField label="Ad account">
          {(control) => (
            <NativeSelect {...control} value={state.adAccountId} onChange={(e) => set({ adAccountId: e.target.value })}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.currency})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Apply to">
          {(control) => (
            <NativeSelect
              {...control}
              value={state.level}
              onChange={(e) => {
                const level = e.target.value as RuleLevel;
                set({
                  level,
                  ...(level === 'ad' && (state.action === 'raise' || state.action === 'lower')
                    ? { action: 'pause' }
                    : {}),
                });
              }}
            >
              <option value="campaign">Campaigns</option>
              <option value="adset">Ad sets</option>
              <option value="ad">Ads</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Which ones">
          {(control) => (
            <NativeSelect
              {...control}
              value={state.filterKind}
              onChange={(e) => set({ filterKind: e.target.value as FormState['filterKind'] })}
            >
              <option value="all">All of them</option>
              <option value="name">Name contains…</option>
              <option value="objective">Campaign objective…</option>
              <option value="ids">These ids…</option>
            </NativeSelect>
          )}
        </FormField>
        {state.filterKind === 'name' ? (
          <FormField label="Name contains">
            {(control) => (
              <Input {...control} value={state.nameContains} onChange={(e) => set({ nameContains: e.target.value })} />
            )}
          </FormField>
        ) : null}
        {state.filterKind === 'objective' ? (
          <FormField label="Objective">
            {(control) => (
              <NativeSelect
                {...control}
                value={state.objective}
                onChange={(e) => set({ objective: e.target.value as FormState['objective'] })}
              >
                {OBJECTIVES.map((o) => (
                  <option key={o} value={o}>
                    {o.replace('OUTCOME_', '').replace('_', ' ').toLowerCase()}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ) : null}
        {state.filterKind === 'ids' ? (
          <FormField label="Object ids" description="Separated by commas">
            {(control) => <Input {...control} value={state.ids} onChange={(e) => set({ ids: e.target.value })} />}
          </FormField>
        ) : null}
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">When all of these are true</legend>
        {state.conditions.map((c, i) => (
          <div key={i} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
            <FormField label={`Condition ${i + 1} metric`}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={c.metric}
                  onChange={(e) => setCondition(i, { metric: e.target.value as RuleMetric })}
                >
                  {METRICS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={`Condition ${i + 1} window`}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={c.window}
                  onChange={(e) => setCondition(i, { window: e.target.value as RuleWindow })}
                >
                  {WINDOWS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={`Condition ${i + 1} comparison`}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={c.comparator}
                  onChange={(e) => setCondition(i, { comparator: e.target.value as Comparator })}
                >
                  {COMPARATORS.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={`Condition ${i + 1} value${MONEY_METRICS.has(c.metric) ? ` (${currency})` : ''}`}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={c.value}
                  onChange={(e) => setCondition(i, { value: e.target.value })}
                />
              )}
            </FormField>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove condition ${i + 1}`}
              disabled={state.conditions.length === 1}
              onClick={() => set({ conditions: state.conditions.filter((_, j) => j !== i) })}
            >
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={state.conditions.length >= MAX_CONDITIONS}
            onClick={() =>
              set({
                conditions: [
                  ...state.conditions,
                  { metric: 'spend', window: 'last_7_days', comparator: 'gt', value: '' },
                ],
              })
            }
          >
            Add condition
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Then">
          {(control) => (
            <NativeSelect
              {...control}
              value={state.action}
              onChange={(e) => set({ action: e.target.value as FormState['action'] })}
            >
              <option value="pause">Pause it</option>
              <option value="resume">Resume it</option>
              {state.level !== 'ad' ? <option value="raise">Raise its daily budget</option> : null}
              {state.level !== 'ad' ? <option value="lower">Lower its daily budget</option> : null}
              <option value="notify">Only notify me</option>
            </NativeSelect>
          )}
        </FormField>
        {state.action === 'raise' || state.action === 'lower' ? (
          <>
            <FormField label="By percent">
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={state.percent}
                  onChange={(e) => set({ percent: e.target.value })}
                />
              )}
            </FormField>
            <FormField label={`Floor (${currency})`}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={state.floor}
                  onChange={(e) => set({ floor: e.target.value })}
                />
              )}
            </FormField>
            <FormField label={`Ceiling (${currency})`}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={state.ceiling}
                  onChange={(e) => set({ ceiling: e.target.value })}
                />
              )}
            </FormField>
          </>
        ) : null}
        <FormField label="Check">
          {(control) => (
            <NativeSelect
              {...control}
              value={state.schedule}
              onChange={(e) => set({ schedule: e.target.value as FormState['schedule'] })}
            >
              <option value="every_30_minutes">Every 30 minutes</option>
              <option value="hourly">Every hour</option>
              <option value="daily">Daily at…</option>
            </NativeSelect>
          )}
        </FormField>
        {state.schedule === 'daily' ? (
          <FormField label={`Time (${account?.timezoneName ?? 'account time'})`}>
            {(control) => (
              <Input {...control} type="time" value={state.time} onChange={(e) => set({ time: e.target.value })} />
            )}
          </FormField>
        ) : null}
      </div>

      <fieldset className="grid gap-4 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">Safeguards (on for every new rule)</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label={`Minimum spend before deciding (${currency})`}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={state.minSpend}
                onChange={(e) => set({ minSpend: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Ignore the most recent days for conversions">
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={state.lagDays}
                onChange={(e) => set({ lagDays: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Cooldown per object (hours)">
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={state.cooldownHours}
                onChange={(e) => set({ cooldownHours: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Maximum budget change per day (%)">
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={state.maxChangePercent}
                onChange={(e) => set({ maxChangePercent: e.target.value })}
              />
            )}
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={state.skipLearning}
            onChange={(e) => set({ skipLearning: e.target.checked })}
            className="size-4"
          />
          Skip objects in the learning phase
        </label>
      </fieldset>

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
