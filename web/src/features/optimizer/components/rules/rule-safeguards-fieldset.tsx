import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { type FormState } from '../../lib/rule-form';

/** The safeguards every new rule starts with: minimum spend, conversion lag, cooldown, daily change cap. */
export function RuleSafeguardsFieldset({
  state,
  set,
  currency,
}: {
  state: FormState;
  set: (patch: Partial<FormState>) => void;
  currency: string;
}) {
  return (
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
  );
}
