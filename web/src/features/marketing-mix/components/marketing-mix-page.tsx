import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ADSTOCK_KINDS, SATURATION_KINDS } from '@shared/mmm/spec';
import type { StartFitBody } from '@shared/schemas/mmm';
import { marketingMixReportPath } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatNumber, formatPercent } from '@web/lib/format';
import { useDatasets, useDeleteDataset, useDeleteModel, useModel, useModels, useStartFit } from '../api/mmm-api';
import { DatasetUpload } from './dataset-upload';
import { FitProgress } from './fit-progress';
import { MetaHandoff } from './meta-handoff';
import { MmmReportView } from './mmm-report-view';

const ADSTOCK_LABELS: Record<(typeof ADSTOCK_KINDS)[number], string> = {
  geometric: 'Geometric decay',
  'geometric-normalised': 'Geometric, normalised window',
  'weibull-cdf': 'Weibull (CDF)',
  'weibull-pdf': 'Weibull (PDF, delayed peak)',
};
const SATURATION_LABELS: Record<(typeof SATURATION_KINDS)[number], string> = {
  hill: 'Hill',
  logistic: 'Logistic',
  'michaelis-menten': 'Michaelis–Menten',
};

function FitForm({
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
  const [adstock, setAdstock] = useState<NonNullable<StartFitBody['adstock']>>('geometric');
  const [saturation, setSaturation] = useState<NonNullable<StartFitBody['saturation']>>('hill');
  const items = datasets.data?.items ?? [];
  const chosen = items.find((d) => d.id === datasetId) ?? items[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    start.mutate(
      { datasetId: chosen.id, name: name.trim() || `${chosen.name} model`, quality, adstock, saturation },
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
      <div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Queueing the fit…' : 'Fit model'}
        </Button>
      </div>
      {start.isError ? <Alert variant="destructive">{start.error.message}</Alert> : null}
    </form>
  );
}

/** The fit just started: its progress, then its report. */
function CurrentFit({ id }: { id: string }) {
  const { currentUser } = useAuth();
  const model = useModel(currentUser?.uid, id);
  if (model.isPending) return <Spinner label="Starting the fit" className="size-6 text-muted-foreground" />;
  if (model.isError) return <Alert variant="destructive">{model.error.message}</Alert>;
  const { model: summary, report } = model.data;
  return (
    <div className="grid gap-6">
      <FitProgress model={summary} />
      {report ? (
        <>
          <p className="text-sm">
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline"
              to={marketingMixReportPath(id)}
            >
              Open the report page
            </Link>{' '}
            (every chart and the downloads, at a link you can come back to).
          </p>
          <MmmReportView name={summary.name} report={report} />
          <MetaHandoff modelId={id} report={report} />
        </>
      ) : null}
    </div>
  );
}

/** The uploaded datasets, each deletable; models fitted from one are kept when it goes. */
function SavedDatasets() {
  const { currentUser } = useAuth();
  const datasets = useDatasets(currentUser?.uid);
  const remove = useDeleteDataset(currentUser?.uid);
  const items = datasets.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Your datasets</h3>
      {remove.isError ? <Alert variant="destructive">{remove.error.message}</Alert> : null}
      {remove.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          Dataset deleted.{' '}
          {remove.data.modelsKept > 0
            ? `The ${remove.data.modelsKept === 1 ? 'model' : `${remove.data.modelsKept} models`} fitted from it stay below.`
            : ''}
        </p>
      ) : null}
      <ul aria-label="Datasets" className="grid gap-2">
        {items.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
            <span>
              <span className="font-medium">{d.name}</span>{' '}
              <span className="text-muted-foreground">
                {d.periods} periods from {d.firstDate} · {d.channels.join(', ')}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete dataset ${d.name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the dataset "${d.name}"? Models already fitted from it are kept.`))
                  remove.mutate(d.id);
              }}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SavedModels() {
  const { currentUser } = useAuth();
  const models = useModels(currentUser?.uid);
  const datasets = useDatasets(currentUser?.uid);
  const datasetGone = (id: string) => !!datasets.data && !datasets.data.items.some((d) => d.id === id);
  const remove = useDeleteModel(currentUser?.uid);
  if (models.isPending) return <Spinner label="Loading your models" className="size-6 text-muted-foreground" />;
  if (models.isError)
    return <Alert variant="destructive">Your models could not be loaded: {models.error.message}</Alert>;
  if (models.data.items.length === 0) return <p className="text-sm text-muted-foreground">No models yet.</p>;
  return (
    <ul aria-label="Saved models" className="grid gap-3">
      {models.data.items.map((m) => (
        <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
          <div className="grid gap-1">
            <span className="font-medium">{m.name}</span>
            <span className="text-xs text-muted-foreground">
              {m.datasetName}
              {datasetGone(m.datasetId) ? ' (dataset deleted)' : ''} · {new Date(m.createdAt).toLocaleString()}
              {m.headline
                ? ` · R² ${formatNumber(m.headline.rSquared, 2)} · possible lift ${formatPercent(100 * m.headline.liftShare, 1)}`
                : ''}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={m.status === 'done' ? 'success' : m.status === 'failed' ? 'default' : 'outline'}>
              {m.status === 'running' ? `running ${m.progress} %` : m.status}
            </Badge>
            {m.status === 'done' ? (
              <Link
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                to={marketingMixReportPath(m.id)}
                aria-label={`Open ${m.name}`}
              >
                Open
              </Link>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${m.name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the model "${m.name}" and its report?`)) remove.mutate(m.id);
              }}
            >
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /marketing-mix: data in, a fit with progress, its charts, and the saved models. */
export function MarketingMixPage() {
  const [datasetId, setDatasetId] = useState('');
  const [fitId, setFitId] = useState<string | null>(null);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>1. Your data</CardTitle>
          <CardDescription>
            Every row is checked (dates, gaps, negative or missing numbers) before anything is saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className="grid gap-6">
            <DatasetUpload onSaved={(d) => setDatasetId(d.id)} />
            <SavedDatasets />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>2. Fit a model</CardTitle>
          <CardDescription>
            The fit runs on our servers; you can leave this page and find it under saved models.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <FitForm datasetId={datasetId} onDatasetChange={setDatasetId} onStarted={setFitId} />
          {fitId ? <CurrentFit id={fitId} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Saved models</CardTitle>
        </CardHeader>
        <CardContent>
          <SavedModels />
        </CardContent>
      </Card>
    </div>
  );
}
