import { useState, type ChangeEvent, type FormEvent } from 'react';
import { parseCsv } from '@shared/mmm/csv-import';
import {
  CUSTOMER_COLUMN_FIELDS,
  IDENTIFYING_FIELDS,
  MAX_CUSTOMER_CSV_CHARS,
  type AudienceList,
  type CustomerColumnField,
} from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useCreateCustomerList } from '../api/audiences-api';
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

interface CustomerListFormProps {
  uid: string | undefined;
  accountId: string | undefined;
  list: AudienceList;
}

/**
 * A customer list from a CSV: the file is read here only for its header (to map the columns); the server
 * normalises and hashes every value before anything goes to Meta, and keeps neither the file nor the values.
 */
export function CustomerListForm({ uid, accountId, list }: CustomerListFormProps) {
  const create = useCreateCustomerList(uid, accountId);
  const [csv, setCsv] = useState('');
  const [header, setHeader] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, CustomerColumnField>>({});
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);

  if (!list.canUploadCustomers) {
    return (
      <Alert variant="info" title="Customer lists need the owner’s permission">
        Uploading customer data is the workspace owner’s to allow. Ask the owner to let you upload customer lists.
      </Alert>
    );
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFileError(null);
    setCsv('');
    setHeader([]);
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_CUSTOMER_CSV_CHARS) {
      setFileError(`This file is ${Math.round(file.size / 1_000_000)} MB; at most 4.5 MB of CSV for now.`);
      return;
    }
    const text = await file.text();
    const firstLine = text.slice(0, text.search(/\r?\n/) < 0 ? undefined : text.search(/\r?\n/));
    const columns = parseCsv(firstLine).header.filter((column) => column !== '');
    if (columns.length === 0) {
      setFileError('The file needs a header row naming its columns.');
      return;
    }
    setCsv(text);
    setHeader(columns);
    setMapping(proposeCustomerMapping(columns));
    setName((current) => current || file.name.replace(/\.csv$/i, ''));
  };

  const identifying = Object.values(mapping).some((field) => IDENTIFYING_FIELDS.includes(field));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, csv, mapping });
  };
  const termsError = create.error && 'code' in create.error && create.error.code === 'CUSTOM_AUDIENCE_TERMS';

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="New customer list">
      {!list.customerListTerms.accepted || termsError ? (
        <Alert variant="warning" title="Accept Meta’s Custom Audience terms first">
          Meta makes customer lists only for ad accounts whose people accepted its Custom Audience terms.{' '}
          <a href={list.customerListTerms.url} target="_blank" rel="noreferrer" className="underline">
            Read and accept the terms on Meta
          </a>
          , then come back and upload the list.
        </Alert>
      ) : null}
      <FormField label="Customer file (CSV)" error={fileError ?? undefined}>
        {(control) => <Input {...control} type="file" accept=".csv,text/csv" onChange={onFile} />}
      </FormField>
      {header.length > 0 ? (
        <>
          <FormField label="Audience name">
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">What each column holds</legend>
            {header.map((column) => (
              <FormField key={column} label={column}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={mapping[column] ?? ''}
                    onChange={(event) =>
                      setMapping((current) => {
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
          {!identifying ? (
            <p className="text-sm text-destructive">Map at least one column to email, phone or external ID.</p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Every value is normalised and hashed (SHA-256) in your Adsmith account before it is sent to Meta; the file
            is not kept.
          </p>
          <div>
            <Button type="submit" disabled={!identifying || !name.trim() || create.isPending}>
              {create.isPending ? (
                <>
                  <Spinner label="Uploading" /> Hashing and uploading…
                </>
              ) : (
                'Upload customer list'
              )}
            </Button>
          </div>
        </>
      ) : null}
      {create.isSuccess ? (
        <Alert variant="success" title={`“${create.data.audience.name}” was made`}>
          {create.data.rows.toLocaleString()} rows read, {create.data.sent.toLocaleString()} sent to Meta in{' '}
          {create.data.batches} {create.data.batches === 1 ? 'request' : 'requests'}
          {create.data.invalid > 0 ? `, ${create.data.invalid.toLocaleString()} without a usable email or phone` : ''}.
        </Alert>
      ) : null}
      {create.isError && !termsError ? (
        <Alert variant="destructive" title="The list could not be made">
          {create.error.message}
        </Alert>
      ) : null}
    </form>
  );
}
