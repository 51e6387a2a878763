import type { AdAccount } from '@shared/schemas/meta';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { LearningPhaseNote } from '@web/components/meta-account/learning-phase-note';
import { type FormState } from '../../lib/rule-form';

/** What the rule does when its conditions are true, and when it checks them (in the account’s time). */
export function RuleActionFields({
  state,
  set,
  currency,
  account,
}: {
  state: FormState;
  set: (patch: Partial<FormState>) => void;
  currency: string;
  account: AdAccount | undefined;
}) {
  return (
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
      {state.action === 'raise' || state.action === 'lower' ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <LearningPhaseNote percent={ruleStepPercent(state)} />
        </div>
      ) : null}
      {state.schedule === 'daily' ? (
        <FormField label={`Time (${account?.timezoneName ?? 'account time'})`}>
          {(control) => (
            <Input {...control} type="time" value={state.time} onChange={(e) => set({ time: e.target.value })} />
          )}
        </FormField>
      ) : null}
    </div>
  );
}

/** The rule's budget step as a signed percent, when the field holds a number. */
function ruleStepPercent(state: FormState): number | null {
  const value = Number(state.percent);
  if (state.percent.trim() === '' || !Number.isFinite(value)) return null;
  return Math.round(state.action === 'lower' ? -value : value);
}
