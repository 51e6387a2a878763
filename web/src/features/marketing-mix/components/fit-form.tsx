import { useState, type FormEvent } from 'react';
import { ADSTOCK_KINDS, SATURATION_KINDS } from '@shared/mmm/spec';
import type { StartFitBody } from '@shared/schemas/mmm';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useDatasets, useStartFit } from '../api/mmm-api';
import { checkLiftTest, emptyLiftTest, type LiftTestDraft, type LiftTestField } from '../lib/lift-test-drafts';
import { LiftTestFields } from './lift-test-fields';

const ADSTOCK_LABELS: Record<(typeof ADSTOCK_KINDS)[number], string> = {
  geometric: 'Geometric decay',
  'geometric-normalised': 'Geometric, normalised window',
  'weibull-cdf': 'Weibull (CDF)',
  'weibull-pdf': 'Weibull (PDF, delayed peak)',
  delayed: 'Geometric with a delayed peak',
};
const SATURATION_LABELS: Record<(typeof SATURATION_KINDS)[number], string> = {
  hill: 'Hill',
  logistic: 'Logistic',
  'michaelis-menten': 'Michaelis–Menten',
};

/**
 * Fit a model of a dataset: its name, how hard to search, the carry-over and saturation shapes, and the lift tests
 * it must agree with (stored with the model's settings; a refit of the same dataset starts from them again).
 */
export function FitForm({
  datasetId,
  onDatasetChange,
  onStarted,
}: {
  datasetId: string;
  onDatasetChange: (id: string) => void;
  onStarted: (id: string) => void;
}) {
  const { currentUser } = useAuth();
  const datasets = useDatasets(currentUser?.uid);
  const start = useStartFit(currentUser?.uid);
  const [name, setName] = useState('');
  const [quality, setQuality] = useState<NonNullable<StartFitBody['quality']>>('standard');
  const [adstock, setAdstock] = useState<NonNullable<StartFitBody['adstock']>>('delayed');
  const [saturation, setSaturation] = useState<NonNullable<StartFitBody['saturation']>>('hill');
  const [liftTests, setLiftTests] = useState<LiftTestDraft[]>([]);
  const [liftErrors, setLiftErrors] = useState<Record<number, Partial<Record<LiftTestField, string>>>>({});
  const [nextKey, setNextKey] = useState(1);
  const items = datasets.data?.items ?? [];
  const chosen = items.find((d) => d.id === datasetId) ?? items[0];
  const paidChannels = chosen?.channels ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const checked = liftTests.map((draft) => ({ key: draft.key, ...checkLiftTest(draft) }));
    const errors = Object.fromEntries(checked.flatMap((c) => (c.errors ? [[c.key, c.errors]] : [])));
    setLiftErrors(errors);
    if (Object.keys(errors).length > 0) return;
    start.mutate(
      {
        datasetId: chosen.id,
        name: name.trim() || `${chosen.name} model`,
        quality,
        adstock,
        saturation,
        liftTests: checked.flatMap((c) => (c.test ? [c.test] : [])),
      },
      { onSuccess: (model) => onStarted(model.id) },
    );
  };

  if (datasets.isPending) return <Spinner label="Loading your datasets" className="size-6 text-muted-foreground" />;
  if (datasets.isError)
    return <Alert variant="destructive">Your datasets could not be loaded: {datasets.error.message}</Alert>;
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">Upload a dataset first: its models are fitted here.</p>;

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="Fit a model">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Dataset">
          {(control) => (
            <NativeSelect {...control} value={chosen?.id} onChange={(e) => onDatasetChange(e.target.value)}>
              {items.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.periods} periods, {d.channels.length} channels)
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Model name">
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={80}
              placeholder={chosen ? `${chosen.name} model` : ''}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Search" description="Standard tries about 10,000 candidate models; quick, a first look.">
          {(control) => (
            <NativeSelect {...control} value={quality} onChange={(e) => setQuality(e.target.value as typeof quality)}>
              <option value="standard">Standard</option>
              <option value="quick">Quick</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Carry-over (adstock)">
          {(control) => (
            <NativeSelect {...control} value={adstock} onChange={(e) => setAdstock(e.target.value as typeof adstock)}>
              {ADSTOCK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ADSTOCK_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Diminishing returns (saturation)">
          {(control) => (
            <NativeSelect
              {...control}
              value={saturation}
              onChange={(e) => setSaturation(e.target.value as typeof saturation)}
            >
              {SATURATION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {SATURATION_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {chosen ? (
        <LiftTestFields
          drafts={liftTests}
          errors={liftErrors}
          channels={paidChannels}
          firstDate={chosen.firstDate}
          lastDate={chosen.lastDate}
          kpiWord={chosen.kpiKind}
          onChange={(key, patch) => setLiftTests((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)))}
          onAdd={() => {
            setLiftTests((all) => [
              ...all,
              emptyLiftTest(nextKey, paidChannels[0] ?? '', chosen.firstDate, chosen.lastDate),
            ]);
            setNextKey((k) => k + 1);
          }}
          onRemove={(key) => setLiftTests((all) => all.filter((d) => d.key !== key))}
        />
      ) : null}
      <div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Queueing the fit…' : 'Fit model'}
        </Button>
      </div>
      {start.isError ? <Alert variant="destructive">{start.error.message}</Alert> : null}
    </form>
  );
}
