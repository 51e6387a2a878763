import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorAt, majorText, minorFrom } from '../lib/plan-edits';
import type { AdSetFieldsProps } from './ad-set-audience-fields';

/** When the ad set runs, and its own budget when the budget lives on the ad sets. */
export function AdSetScheduleFields({
  set,
  number,
  at,
  issues,
  change,
  currency,
}: AdSetFieldsProps & { currency: string }) {
  return (
    <>
      <FormField label={`Ad set ${number} start`}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={set.startTime.slice(0, 10)}
            onChange={(e) => change((s) => (s.startTime = `${e.target.value}T00:00:00Z`))}
          />
        )}
      </FormField>
      <FormField label={`Ad set ${number} end`} error={errorAt(issues, `${at}.endTime`)}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={set.endTime?.slice(0, 10) ?? ''}
            onChange={(e) =>
              change((s) => {
                if (e.target.value) s.endTime = `${e.target.value}T23:59:00Z`;
                else delete s.endTime;
              })
            }
          />
        )}
      </FormField>
      {set.budget ? (
        <FormField
          label={`Ad set ${number} ${set.budget.type === 'daily' ? 'daily' : 'total'} budget (${currency})`}
          error={errorAt(issues, `${at}.budget.amountMinor`)}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              defaultValue={majorText(set.budget!.amountMinor, currency)}
              onChange={(e) =>
                change((s) => (s.budget = { type: s.budget!.type, amountMinor: minorFrom(e.target.value, currency) }))
              }
            />
          )}
        </FormField>
      ) : null}
    </>
  );
}
