import type { FormEvent } from 'react';
import type { Audience, CustomerListRefresh } from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { useRefreshCustomerList } from '../api/audiences-api';
import { CustomerColumnMapping, CustomerFileInput, useCustomerFile } from './customer-file-fields';

interface RefreshCustomerListProps {
  uid: string | undefined;
  accountId: string | undefined;
  audience: Audience;
  onClose: () => void;
}

/** What the refresh did, in numbers; and plainly when there was nothing to compare the file with. */
function RefreshResult({ result }: { result: CustomerListRefresh }) {
  return (
    <Alert variant="success" title={`“${result.audience.name}” was refreshed`}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Rows read</dt>
        <dd>{result.rows.toLocaleString()}</dd>
        <dt>Added</dt>
        <dd>{result.added.toLocaleString()}</dd>
        <dt>Removed</dt>
        <dd>{result.removed.toLocaleString()}</dd>
        <dt>Unchanged</dt>
        <dd>{result.unchanged.toLocaleString()}</dd>
        <dt>Without a usable email or phone</dt>
        <dd>{result.invalid.toLocaleString()}</dd>
        <dt>Compared with last upload</dt>
        <dd>{result.comparedWithLastUpload ? 'yes' : 'no'}</dd>
      </dl>
      {!result.comparedWithLastUpload ? (
        <p className="mt-2">
          Adsmith kept nothing from an earlier upload of this list (it was made elsewhere), so everyone in the file was
          added and nobody could be removed. The next refresh compares with this one.
        </p>
      ) : null}
    </Alert>
  );
}

/**
 * A customer list's new file: the same column mapping as an upload; the server compares the file's hashes with
 * those of the last upload and sends Meta only the people added and removed.
 */
export function RefreshCustomerList({ uid, accountId, audience, onClose }: RefreshCustomerListProps) {
  const refresh = useRefreshCustomerList(uid, accountId);
  const file = useCustomerFile();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    refresh.mutate({ audienceId: audience.id, body: { csv: file.csv, mapping: file.mapping } });
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
        {refresh.isSuccess ? <RefreshResult result={refresh.data} /> : null}
        {refresh.isError ? (
          <Alert variant="destructive" title="The list could not be refreshed">
            {refresh.error.message}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {refresh.isSuccess ? 'Done' : 'Cancel'}
          </Button>
          {file.header.length > 0 && !refresh.isSuccess ? (
            <Button type="submit" disabled={!file.identifying || refresh.isPending}>
              {refresh.isPending ? (
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
