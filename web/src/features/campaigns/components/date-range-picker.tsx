import { useId } from 'react';
import { DateRangeQuerySchema } from '@shared/schemas/meta';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { addDays, rangeOptions, todayIn, type DateRangeValue } from '@web/lib/meta-account/date-range';
import { NativeSelect } from '@web/components/ui/select-field';

export interface DateRangePickerProps {
  value: DateRangeValue;
  onChange: (range: DateRangeValue) => void;
  /** The ad account's time zone: "today" for the custom range's limits. */
  timeZone?: string;
  /** The resolved range of the current data, to start a custom range from. */
  resolved?: { since: string; until: string };
}

/** Meta's date presets, or a custom range from two labelled date inputs (days in the account's time zone). */
export function DateRangePicker({ value, onChange, timeZone, resolved }: DateRangePickerProps) {
  const id = useId();
  const today = todayIn(timeZone);
  // A custom range is applied only when the API would accept it (order, at most 400 days, not in the future).
  const applyCustom = (since: string, until: string) => {
    if (!since || !until || until > today) return;
    if (DateRangeQuerySchema.safeParse({ since, until }).success) onChange({ preset: 'custom', since, until });
  };
  const onPreset = (preset: string) => {
    if (preset === 'custom') {
      // Like Meta's last_30d when nothing better is known: the 30 full days before today.
      const until = resolved?.until ?? addDays(today, -1);
      onChange({ preset: 'custom', since: resolved?.since ?? addDays(until, -29), until });
    } else {
      onChange({ preset: preset as Exclude<DateRangeValue['preset'], 'custom'> });
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-preset`}>Date range</Label>
        <NativeSelect
          id={`${id}-preset`}
          value={value.preset}
          onChange={(e) => onPreset(e.target.value)}
          className="w-44"
        >
          {rangeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {value.preset === 'custom' ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-since`}>Start date</Label>
            <Input
              id={`${id}-since`}
              type="date"
              className="w-40"
              value={value.since}
              max={value.until}
              onChange={(e) => applyCustom(e.target.value, value.until)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-until`}>End date</Label>
            <Input
              id={`${id}-until`}
              type="date"
              className="w-40"
              value={value.until}
              min={value.since}
              max={today}
              onChange={(e) => applyCustom(value.since, e.target.value)}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
