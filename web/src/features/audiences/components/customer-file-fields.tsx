import { useState, type ChangeEvent } from 'react';
import { parseCsv } from '@shared/mmm/csv-import';
import {
  CUSTOMER_COLUMN_FIELDS,
  IDENTIFYING_FIELDS,
  MAX_CUSTOMER_CSV_CHARS,
  type CustomerColumnField,
} from '@shared/schemas/audiences';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { proposeCustomerMapping } from '../lib/propose-customer-mapping';

const FIELD_WORDS: Record<CustomerColumnField, string> = {
  em: 'Email',
  ph: 'Phone',
  fn: 'First name',
  ln: 'Last name',
  ct: 'City',
  st: 'State or province',
  zp: 'Postal code',
  country: 'Country',
  external_id: 'External ID',
};

export interface CustomerFile {
  /** The file's text, when it is small enough to go in one request; empty for a large one (see `large`). */
  csv: string;
  /** A file above ASYNC_CUSTOMER_LIST_BYTES, sent to the bucket as it is (only its header was read here). */
  large: File | undefined;
  /** The file's columns (empty until a usable file is chosen). */
  header: string[];
  mapping: Record<string, CustomerColumnField>;
  setMapping: (update: (current: Record<string, CustomerColumnField>) => Record<string, CustomerColumnField>) => void;
  fileError: string | null;
  /** At least one column maps to email, phone or external ID. */
  identifying: boolean;
  onFile: (event: ChangeEvent<HTMLInputElement>) => Promise<File | undefined>;
}

/**
 * A customer CSV chosen in the browser: read here only for its header, so the person can say what each column
 * holds; the server normalises and hashes the values. Shared by a new list and a list's refresh.
 */
export function useCustomerFile(
  options: { maxBytes: number; asyncAboveBytes?: number } = { maxBytes: MAX_CUSTOMER_CSV_CHARS },
): CustomerFile {
  const [csv, setCsv] = useState('');
  const [large, setLarge] = useState<File | undefined>(undefined);
  const [header, setHeader] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, CustomerColumnField>>({});
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFileError(null);
    setCsv('');
    setLarge(undefined);
    setHeader([]);
    const file = event.target.files?.[0];
    if (!file) return undefined;
    if (file.size > options.maxBytes) {
      setFileError(
        `This file is ${Math.round(file.size / 1_000_000)} MB; at most ${options.maxBytes / 1_000_000} MB of CSV.`,
      );
      return undefined;
    }
    const isLarge = options.asyncAboveBytes !== undefined && file.size > options.asyncAboveBytes;
    // A large file is never read whole here: its first 64 KB are enough for the header.
    const text = isLarge ? await file.slice(0, 64 * 1024).text() : await file.text();
    const lineEnd = text.search(/\r?\n/);
    const columns = parseCsv(text.slice(0, lineEnd < 0 ? undefined : lineEnd)).header.filter((column) => column);
    if (columns.length === 0) {
      setFileError('The file needs a header row naming its columns.');
      return undefined;
    }
    if (isLarge) setLarge(file);
    else setCsv(text);
    setHeader(columns);
    setMapping(proposeCustomerMapping(columns));
    return file;
  };

  const identifying = Object.values(mapping).some((field) => IDENTIFYING_FIELDS.includes(field));
  return { csv, large, header, mapping, setMapping, fileError, identifying, onFile };
}

interface CustomerFileInputProps {
  file: CustomerFile;
  label?: string;
  /** Called with a file whose header could be read. */
  onChosen?: (chosen: File) => void;
}

export function CustomerFileInput({ file, label = 'Customer file (CSV)', onChosen }: CustomerFileInputProps) {
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = await file.onFile(event);
    if (chosen) onChosen?.(chosen);
  };
  return (
    <FormField label={label} error={file.fileError ?? undefined}>
      {(control) => (
        <Input {...control} type="file" accept=".csv,text/csv" onChange={(event) => void onChange(event)} />
      )}
    </FormField>
  );
}

/** One select per column: what it holds, or "Not used"; and the warning when nothing identifies a person. */
export function CustomerColumnMapping({ file }: { file: CustomerFile }) {
  return (
    <>
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">What each column holds</legend>
        {file.header.map((column) => (
          <FormField key={column} label={column}>
            {(control) => (
              <NativeSelect
                {...control}
                value={file.mapping[column] ?? ''}
                onChange={(event) =>
                  file.setMapping((current) => {
                    const next = { ...current };
                    if (event.target.value === '') delete next[column];
                    else next[column] = event.target.value as CustomerColumnField;
                    return next;
                  })
                }
              >
                <option value="">Not used</option>
                {CUSTOMER_COLUMN_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {FIELD_WORDS[field]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ))}
      </fieldset>
      {!file.identifying ? (
        <p className="text-sm text-destructive">Map at least one column to email, phone or external ID.</p>
      ) : null}
    </>
  );
}
