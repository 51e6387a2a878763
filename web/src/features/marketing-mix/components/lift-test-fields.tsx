import { LIFT_TEST_SOURCES } from '@shared/mmm/lift-test';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { LIFT_TEST_SOURCE_LABELS, type LiftTestDraft, type LiftTestField } from '../lib/lift-test-drafts';

/**
 * The lift tests a fit honours (issue 24, requirement 4): per test, the channel, the experiment, its dates and
 * the incremental KPI it measured with the standard error or interval it reported. Each control's label names
 * its test, so a screen reader tells "Lift test 2: channel" from "Lift test 1: channel".
 */
export function LiftTestFields({
  drafts,
  errors,
  channels,
  firstDate,
  lastDate,
  kpiWord,
  onChange,
  onAdd,
  onRemove,
}: {
  drafts: LiftTestDraft[];
  errors: Record<number, Partial<Record<LiftTestField, string>>>;
  channels: string[];
  firstDate: string;
  lastDate: string;
  /** "revenue" or "conversions": what the lift is counted in. */
  kpiWord: string;
  onChange: (key: number, patch: Partial<LiftTestDraft>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Lift tests (optional)</legend>
      <p className="text-sm text-muted-foreground">
        An experiment measures what a channel really caused; the fit then agrees with it as far as its uncertainty
        allows. Enter the extra {kpiWord} the test measured over its dates and the standard error or interval it
        reported.
      </p>
      {drafts.map((draft, i) => {
        const label = (what: string) => `Lift test ${i + 1}: ${what}`;
        const error = errors[draft.key] ?? {};
        const set = (patch: Partial<LiftTestDraft>) => onChange(draft.key, patch);
        return (
          <div key={draft.key} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-4">
            <FormField label={label('channel')} error={error.channel}>
              {(control) => (
                <NativeSelect {...control} value={draft.channel} onChange={(e) => set({ channel: e.target.value })}>
                  {channels.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={label('experiment')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.source}
                  onChange={(e) => set({ source: e.target.value as LiftTestDraft['source'] })}
                >
                  {LIFT_TEST_SOURCES.map((s) => (
                    <option key={s} value={s}>
                      {LIFT_TEST_SOURCE_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={label('first day')} error={error.start}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={firstDate}
                  max={lastDate}
                  value={draft.start}
                  onChange={(e) => set({ start: e.target.value })}
                />
              )}
            </FormField>
            <FormField label={label('last day')} error={error.end}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={firstDate}
                  max={lastDate}
                  value={draft.end}
                  onChange={(e) => set({ end: e.target.value })}
                />
              )}
            </FormField>
            <DecimalField
              label={label(`extra ${kpiWord}`)}
              error={error.lift}
              value={draft.lift}
              onChange={(value) => set({ lift: value })}
            />
            <FormField label={label('uncertainty as')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.uncertainty}
                  onChange={(e) => set({ uncertainty: e.target.value as LiftTestDraft['uncertainty'] })}
                >
                  <option value="standard-error">Standard error</option>
                  <option value="interval">Interval</option>
                </NativeSelect>
              )}
            </FormField>
            <UncertaintyFields draft={draft} error={error} label={label} set={set} />
            <div className="flex items-end">
              <Button type="button" variant="outline" size="sm" onClick={() => onRemove(draft.key)}>
                Remove lift test {i + 1}
              </Button>
            </div>
          </div>
        );
      })}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onAdd} disabled={drafts.length >= 50}>
          Add a lift test
        </Button>
      </div>
    </fieldset>
  );
}

/** The uncertainty the test reported: a standard error, or an interval at its level. */
function UncertaintyFields({
  draft,
  error,
  label,
  set,
}: {
  draft: LiftTestDraft;
  error: Partial<Record<LiftTestField, string>>;
  label: (what: string) => string;
  set: (patch: Partial<LiftTestDraft>) => void;
}) {
  return (
    <>
      {draft.uncertainty === 'standard-error' ? (
        <DecimalField
          label={label('standard error')}
          error={error.standardError}
          value={draft.standardError}
          onChange={(value) => set({ standardError: value })}
        />
      ) : (
        <>
          <DecimalField
            label={label('interval low')}
            error={error.low}
            value={draft.low}
            onChange={(value) => set({ low: value })}
          />
          <DecimalField
            label={label('interval high')}
            error={error.high}
            value={draft.high}
            onChange={(value) => set({ high: value })}
          />
          <FormField label={label('interval level')}>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.level}
                onChange={(e) => set({ level: e.target.value as LiftTestDraft['level'] })}
              >
                <option value="0.8">80 %</option>
                <option value="0.9">90 %</option>
                <option value="0.95">95 %</option>
                <option value="0.99">99 %</option>
              </NativeSelect>
            )}
          </FormField>
        </>
      )}
    </>
  );
}

/** A number typed as text (a decimal keypad on phones), kept as typed until the draft is checked. */
function DecimalField({
  label,
  error,
  value,
  onChange,
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => <Input {...control} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}
