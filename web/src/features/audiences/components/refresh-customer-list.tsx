import type { FormEvent } from 'react';
import { ASYNC_CUSTOMER_LIST_BYTES, MAX_CUSTOMER_LIST_FILE_BYTES, type Audience } from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import {
  useCustomerListUploadProgress,
  useRefreshCustomerList,
  useStartCustomerListRefresh,
} from '../api/audiences-api';
import { CustomerColumnMapping, CustomerFileInput, useCustomerFile } from './customer-file-fields';
import { RefreshSummary, UploadProgress } from './upload-progress';

interface RefreshCustomerListProps {
  uid: string | undefined;
  accountId: string | undefined;
  audience: Audience;
  onClose: () => void;
}

/**
 * A customer list's new file: the same column mapping as an upload; the server compares the file's hashes with
 * those of the last upload and sends Meta only the people added and removed. A file above 2 MB takes the bucket
 * path as a new list does (the worker compares and sends; its progress shows here).
 */
export function RefreshCustomerList({ uid, accountId, audience, onClose }: RefreshCustomerListProps) {
  const refresh = useRefreshCustomerList(uid, accountId);
  const start = useStartCustomerListRefresh(accountId, audience.id);
  const progress = useCustomerListUploadProgress(uid, accountId, start.data?.uploadId);
  const file = useCustomerFile({ maxBytes: MAX_CUSTOMER_LIST_FILE_BYTES, asyncAboveBytes: ASYNC_CUSTOMER_LIST_BYTES });
  const upload = progress.data ?? start.data;
  const uploading = start.isPending || (upload !== undefined && upload.state !== 'done' && upload.state !== 'failed');
  const finished = refresh.isSuccess || upload?.state === 'done';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file.large) {
      refresh.reset();
      start.mutate({ file: file.large, body: { mapping: file.mapping } });
    } else {
      start.reset();
      refresh.mutate({ audienceId: audience.id, body: { csv: file.csv, mapping: file.mapping } });
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Refresh “${audience.name}”`}
      description="Choose the list’s whole new file: only the people added or removed since the last upload go to Meta."
    >
      <form className="grid gap-4" onSubmit={onSubmit} aria-label={`Refresh ${audience.name}`}>
        <CustomerFileInput file={file} label="New customer file (CSV)" />
        {file.header.length > 0 ? <CustomerColumnMapping file={file} /> : null}
        {refresh.isSuccess ? (
          <RefreshSummary
            name={refresh.data.audience.name}
            result={{ ...refresh.data, compared: refresh.data.comparedWithLastUpload }}
          />
        ) : null}
        {upload ? <UploadProgress upload={upload} /> : null}
        {refresh.isError ? (
          <Alert variant="destructive" title="The list could not be refreshed">
            {refresh.error.message}
          </Alert>
        ) : null}
        {start.isError ? (
          <Alert variant="destructive" title="The file could not be uploaded">
            {start.error.message}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {finished ? 'Done' : 'Cancel'}
          </Button>
          {file.header.length > 0 && !finished ? (
            <Button type="submit" disabled={!file.identifying || refresh.isPending || uploading}>
              {refresh.isPending || uploading ? (
                <>
                  <Spinner label="Refreshing" /> Hashing and comparing…
                </>
              ) : (
                'Refresh list'
              )}
            </Button>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
