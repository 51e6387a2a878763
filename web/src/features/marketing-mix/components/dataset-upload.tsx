import { useState, type ChangeEvent, type FormEvent } from 'react';
import { parseCsv, proposeMapping, type ColumnMapping } from '@shared/mmm/csv-import';
import { SAMPLE_FILE_NAME, sampleCsv, sampleHeader } from '@shared/mmm/sample-csv';
import { MAX_MMM_CSV_CHARS, type DatasetSummary } from '@shared/schemas/mmm';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth/use-auth';
import { useMetaAdAccountsForMmm, useUploadDataset } from '../api/mmm-api';

/** The sample as a download link of its own (no server round trip; the same file every time). */
let sampleUrl: string | undefined;
function sampleHref(): string {
  sampleUrl ??= `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv())}`;
  return sampleUrl;
}

interface LoadedFile {
  fileName: string;
  text: string;
  header: string[];
  rows: number;
}

type ListKey = 'spend' | 'controls' | 'events';

function ColumnChecklist({
  legend,
  hint,
  columns,
  chosen,
  onToggle,
}: {
  legend: string;
  hint: string;
  columns: string[];
  chosen: string[];
  onToggle: (column: string) => void;
}) {
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <p className="text-xs text-muted-foreground">{hint}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {columns.map((column) => (
          <label key={column} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(column)} onChange={() => onToggle(column)} />
            {column}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Upload a CSV, map its columns, and save it once the server found every row valid. */
export function DatasetUpload({ onSaved }: { onSaved: (dataset: DatasetSummary) => void }) {
  const { currentUser } = useAuth();
  const upload = useUploadDataset(currentUser?.uid);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [useMeta, setUseMeta] = useState(false);
  const [adAccountId, setAdAccountId] = useState('');
  const [metaChannel, setMetaChannel] = useState('meta_spend');
  const accounts = useMetaAdAccountsForMmm(currentUser?.uid, useMeta);
  const account = accounts.data?.data.find((a) => a.id === adAccountId) ?? accounts.data?.data[0];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    upload.reset();
    setFileError(null);
    setFile(null);
    setMapping(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_MMM_CSV_CHARS) {
      setFileError(`This file is ${Math.round(chosen.size / 1000)} KB; at most ${MAX_MMM_CSV_CHARS / 1000} KB of CSV.`);
      return;
    }
    const text = await chosen.text();
    try {
      const parsed = parseCsv(text);
      if (parsed.header.length < 3) {
        setFileError('The file needs a header row with a date column, a KPI column and at least one spend column.');
        return;
      }
      setFile({ fileName: chosen.name, text, header: parsed.header, rows: parsed.rows.length });
      setMapping(proposeMapping(parsed.header));
      setName((current) => current || chosen.name.replace(/\.csv$/i, ''));
    } catch (error) {
      setFileError(`This is not a CSV file we can read: ${(error as Error).message}.`);
    }
  };

  const toggle = (key: ListKey, column: string) =>
    setMapping((m) => {
      if (!m) return m;
      const without = {
        ...m,
        spend: m.spend.filter((c) => c !== column),
        controls: m.controls.filter((c) => c !== column),
        events: m.events.filter((c) => c !== column),
      };
      return m[key].includes(column) ? without : { ...without, [key]: [...without[key], column] };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !mapping) return;
    const metaSpend = useMeta && account ? { adAccountId: account.id, channel: metaChannel } : undefined;
    upload.mutate({ name, csv: file.text, mapping, metaSpend }, { onSuccess: onSaved });
  };

  const problems = upload.error instanceof ApiError && upload.error.details ? Object.entries(upload.error.details) : [];
  const others = file && mapping ? file.header.filter((h) => h !== mapping.date && h !== mapping.kpi) : [];

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="Upload a dataset">
      <FormField
        label="CSV file"
        description="One row per week (or day, or month): a date column, your KPI (revenue or conversions), spend per channel; optionally controls and events."
        error={fileError ?? undefined}
      >
        {(control) => <Input {...control} type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} />}
      </FormField>
      <p className="text-sm text-muted-foreground">
        Not sure of the layout?{' '}
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={sampleHref()}
          download={SAMPLE_FILE_NAME}
        >
          Download a sample CSV
        </a>{' '}
        (a year of weeks with the columns <span className="[overflow-wrap:anywhere]">{sampleHeader().join(', ')}</span>)
        and open it beside your own.
      </p>

      {file && mapping ? (
        <>
          <p className="text-sm text-muted-foreground">
            {file.fileName}: {file.rows} rows, {file.header.length} columns. Check how its columns are used.
          </p>
          <FormField label="Dataset name">
            {(control) => <Input {...control} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Date column">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={mapping.date}
                  onChange={(e) => setMapping({ ...mapping, date: e.target.value })}
                >
                  {file.header.map((h) => (
                    <option key={h}>{h}</option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="KPI column">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={mapping.kpi}
                  onChange={(e) => setMapping({ ...mapping, kpi: e.target.value })}
                >
                  {file.header.map((h) => (
                    <option key={h}>{h}</option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="The KPI is">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={mapping.kpiKind}
                  onChange={(e) => setMapping({ ...mapping, kpiKind: e.target.value as ColumnMapping['kpiKind'] })}
                >
                  <option value="revenue">Revenue (ROI per channel)</option>
                  <option value="conversions">Conversions (CPA per channel)</option>
                </NativeSelect>
              )}
            </FormField>
          </div>
          <ColumnChecklist
            legend="Spend columns (one channel each)"
            hint="Money spent per period; at least one."
            columns={others}
            chosen={mapping.spend}
            onToggle={(c) => toggle('spend', c)}
          />
          <ColumnChecklist
            legend="Controls"
            hint="Things that move the KPI but are not media: price, competitor sales, …"
            columns={others}
            chosen={mapping.controls}
            onToggle={(c) => toggle('controls', c)}
          />
          <ColumnChecklist
            legend="Events"
            hint="0/1 flags or labels for promotions and one-off events."
            columns={others}
            chosen={mapping.events}
            onToggle={(c) => toggle('events', c)}
          />
          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Meta</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={useMeta} onChange={(e) => setUseMeta(e.target.checked)} />
              Use my Meta spend as one more channel
            </label>
            {useMeta ? (
              accounts.isPending ? (
                <Spinner label="Loading your Meta ad accounts" className="size-6 text-muted-foreground" />
              ) : accounts.isError ? (
                <Alert variant="warning">
                  {accounts.error.message} Connect Meta from the dashboard, or add its spend to the file as a column.
                </Alert>
              ) : (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    label="Meta ad account"
                    description="Its daily spend, as Meta reports it, summed into each period of the file."
                  >
                    {(control) => (
                      <NativeSelect {...control} value={account?.id} onChange={(e) => setAdAccountId(e.target.value)}>
                        {accounts.data.data.map((a) => (
                          <option key={a.id} value={a.id}>
                            {a.name} ({a.currency})
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                  <FormField label="Meta channel name">
                    {(control) => (
                      <Input
                        {...control}
                        value={metaChannel}
                        maxLength={80}
                        onChange={(e) => setMetaChannel(e.target.value)}
                      />
                    )}
                  </FormField>
                </div>
              )
            ) : null}
          </fieldset>
          <div>
            <Button
              type="submit"
              disabled={upload.isPending || mapping.spend.length === 0 || !name.trim() || (useMeta && !account)}
            >
              {upload.isPending ? 'Checking every row…' : 'Check and save dataset'}
            </Button>
          </div>
        </>
      ) : null}

      {upload.error ? (
        <Alert variant="destructive" title="The dataset was not saved">
          <p>{upload.error.message}</p>
          {problems.length > 0 ? (
            <ul aria-label="Problems in the file" className="mt-2 max-h-60 list-disc overflow-auto pl-5 text-sm">
              {problems.map(([where, message]) => (
                <li key={where}>
                  <span className="font-medium">{where}:</span> {message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {upload.isSuccess ? (
        <Alert variant="success" title="Dataset saved">
          {upload.data.name}: {upload.data.periods} periods from {upload.data.firstDate} to {upload.data.lastDate},{' '}
          {upload.data.channels.length} channel{upload.data.channels.length === 1 ? '' : 's'}.
        </Alert>
      ) : null}
    </form>
  );
}
