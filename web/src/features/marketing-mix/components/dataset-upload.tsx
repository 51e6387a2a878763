import { useState, type FormEvent } from 'react';
import { SAMPLE_FILE_NAME, sampleCsv, sampleHeader } from '@shared/mmm/sample-csv';
import type { DatasetSummary } from '@shared/schemas/mmm';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useAuth } from '@web/lib/auth/use-auth';
import { useMetaAdAccountsForMmm, useUploadDataset } from '../api/mmm-api';
import { useDatasetFile } from '../hooks/use-dataset-file';
import { ColumnMappingFields } from './column-mapping-fields';
import { DatasetUploadOutcome } from './dataset-upload-outcome';
import { MetaSpendFields } from './meta-spend-fields';

/** The sample as a download link of its own (no server round trip; the same file every time). */
let sampleUrl: string | undefined;
function sampleHref(): string {
  sampleUrl ??= `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv())}`;
  return sampleUrl;
}

/** Upload a CSV, map its columns, and save it once the server found every row valid. */
export function DatasetUpload({ onSaved }: { onSaved: (dataset: DatasetSummary) => void }) {
  const { currentUser } = useAuth();
  const upload = useUploadDataset(currentUser?.uid);
  const { file, fileError, name, setName, mapping, setMapping, onFile } = useDatasetFile(() => upload.reset());
  const [useMeta, setUseMeta] = useState(false);
  const [adAccountId, setAdAccountId] = useState('');
  const [metaChannel, setMetaChannel] = useState('meta_spend');
  const accounts = useMetaAdAccountsForMmm(currentUser?.uid, useMeta);
  const account = accounts.data?.data.find((a) => a.id === adAccountId) ?? accounts.data?.data[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !mapping) return;
    const metaSpend = useMeta && account ? { adAccountId: account.id, channel: metaChannel } : undefined;
    upload.mutate({ name, csv: file.text, mapping, metaSpend }, { onSuccess: onSaved });
  };

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
          <ColumnMappingFields
            header={file.header}
            mapping={mapping}
            onChange={(change) => setMapping((m) => (m ? change(m) : m))}
          />
          <MetaSpendFields
            useMeta={useMeta}
            onUseMetaChange={setUseMeta}
            accounts={accounts}
            accountId={account?.id}
            onAccountChange={setAdAccountId}
            channel={metaChannel}
            onChannelChange={setMetaChannel}
          />
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

      <DatasetUploadOutcome error={upload.error} saved={upload.isSuccess ? upload.data : undefined} />
    </form>
  );
}
