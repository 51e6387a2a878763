import { useState, type FormEvent } from 'react';
import { ASYNC_CUSTOMER_LIST_BYTES, MAX_CUSTOMER_LIST_FILE_BYTES, type AudienceList } from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useCreateCustomerList, useCustomerListUploadProgress, useStartCustomerListUpload } from '../api/audiences-api';
import { CustomerColumnMapping, CustomerFileInput, useCustomerFile } from './customer-file-fields';
import { UploadProgress } from './upload-progress';

interface CustomerListFormProps {
  uid: string | undefined;
  accountId: string | undefined;
  list: AudienceList;
}

/**
 * A customer list from a CSV: the file is read here only for its header (to map the columns); the server
 * normalises and hashes every value before anything goes to Meta, and keeps neither the file nor the values.
 * A file above 2 MB goes straight to the upload bucket and is processed by a worker, whose progress shows here.
 */
export function CustomerListForm({ uid, accountId, list }: CustomerListFormProps) {
  const create = useCreateCustomerList(uid, accountId);
  const start = useStartCustomerListUpload(accountId);
  const progress = useCustomerListUploadProgress(uid, accountId, start.data?.uploadId);
  const file = useCustomerFile({ maxBytes: MAX_CUSTOMER_LIST_FILE_BYTES, asyncAboveBytes: ASYNC_CUSTOMER_LIST_BYTES });
  const [name, setName] = useState('');
  const upload = progress.data ?? start.data;
  const uploading = start.isPending || (upload !== undefined && upload.state !== 'done' && upload.state !== 'failed');

  if (!list.canUploadCustomers) {
    return (
      <Alert variant="info" title="Customer lists need the owner’s permission">
        Uploading customer data is the workspace owner’s to allow. Ask the owner to let you upload customer lists.
      </Alert>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file.large) {
      create.reset();
      start.mutate({ file: file.large, body: { name, mapping: file.mapping } });
    } else {
      start.reset();
      create.mutate({ name, csv: file.csv, mapping: file.mapping });
    }
  };
  const termsError =
    (create.error && 'code' in create.error && create.error.code === 'CUSTOM_AUDIENCE_TERMS') ||
    upload?.error?.code === 'CUSTOM_AUDIENCE_TERMS';

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
      <CustomerFileInput
        file={file}
        onChosen={(chosen) => setName((current) => current || chosen.name.replace(/\.csv$/i, ''))}
      />
      {file.header.length > 0 ? (
        <>
          <FormField label="Audience name">
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <CustomerColumnMapping file={file} />
          <p className="text-sm text-muted-foreground">
            Every value is normalised and hashed (SHA-256) in your Adsmith account before it is sent to Meta; the file
            is not kept.
          </p>
          <div>
            <Button type="submit" disabled={!file.identifying || !name.trim() || create.isPending || uploading}>
              {create.isPending || uploading ? (
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
      {upload ? <UploadProgress upload={upload} /> : null}
      {start.isError ? (
        <Alert variant="destructive" title="The file could not be uploaded">
          {start.error.message}
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
