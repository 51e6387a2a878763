import {
  MAX_CONDITIONS,
  MONEY_METRICS,
  type Comparator,
  type RuleMetric,
  type RuleWindow,
} from '@shared/schemas/rules';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { COMPARATORS, METRICS, WINDOWS, type ConditionState, type FormState } from '../../lib/rule-form';

/** The conditions that must all be true: metric, window, comparison and value each. */
export function RuleConditionsFieldset({
  state,
  set,
  currency,
  setCondition,
}: {
  state: FormState;
  set: (patch: Partial<FormState>) => void;
  currency: string;
  setCondition: (i: number, patch: Partial<ConditionState>) => void;
}) {
  return (
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
  );
}
