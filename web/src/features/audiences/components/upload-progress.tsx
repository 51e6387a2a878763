import type { CustomerListUploadProgress } from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { ProgressBar } from '@web/components/ui/progress-bar';

const STATE_WORDS: Record<CustomerListUploadProgress['state'], string> = {
  waiting: 'Waiting for the file',
  queued: 'Queued for hashing',
  running: 'Hashing and uploading to Meta',
  done: 'Done',
  failed: 'Failed',
};

/** What a refresh changed, in numbers; and plainly when there was nothing to compare the file with. */
export function RefreshSummary({
  name,
  result,
}: {
  name: string;
  result: { rows: number; added: number; removed: number; unchanged: number; invalid: number; compared: boolean };
}) {
  return (
    <Alert variant="success" title={`“${name}” was refreshed`}>
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
        <dd>{result.compared ? 'yes' : 'no'}</dd>
      </dl>
      {!result.compared ? (
        <p className="mt-2">
          Adsmith kept nothing from an earlier upload of this list (it was made elsewhere), so everyone in the file was
          added and nobody could be removed. The next refresh compares with this one.
        </p>
      ) : null}
    </Alert>
  );
}

/**
 * A large list's progress as the worker records it (a new list or a refresh, which carries `refresh`): a bar while
 * it runs, then the outcome or why it failed (a worker that stopped reads as failed: upload-staleness.ts).
 */
export function UploadProgress({ upload }: { upload: CustomerListUploadProgress }) {
  const refresh = upload.refresh;
  if (upload.state === 'done') {
    if (refresh) {
      return (
        <RefreshSummary
          name={upload.name}
          result={{
            rows: upload.rows,
            added: refresh.added ?? 0,
            removed: refresh.removed ?? 0,
            unchanged: refresh.unchanged ?? 0,
            invalid: upload.invalid,
            compared: refresh.comparedWithLastUpload ?? true,
          }}
        />
      );
    }
    return (
      <Alert variant="success" title={`“${upload.name}” was made`}>
        {upload.rows.toLocaleString()} rows read, {upload.sent.toLocaleString()} sent to Meta in {upload.batches}{' '}
        {upload.batches === 1 ? 'request' : 'requests'}
        {upload.invalid > 0 ? `, ${upload.invalid.toLocaleString()} without a usable email or phone` : ''}. The file was
        deleted.
      </Alert>
    );
  }
  if (upload.state === 'failed') {
    return (
      <Alert variant="destructive" title={refresh ? 'The list could not be refreshed' : 'The list could not be made'}>
        {upload.error?.message ?? 'The upload failed.'}
        {upload.error?.field === 'mapping' ? ' Check what each column holds and upload the file again.' : ''}{' '}
        {refresh
          ? 'The list keeps its people (sending the file again completes the change); the file was deleted.'
          : 'Nothing was kept: the file was deleted.'}
      </Alert>
    );
  }
  const words =
    refresh && upload.state === 'running'
      ? 'Hashing, comparing and sending the difference to Meta'
      : STATE_WORDS[upload.state];
  return (
    <div className="grid gap-1">
      <ProgressBar label={`${refresh ? 'Refreshing' : 'Uploading'} “${upload.name}”`} percent={upload.percent} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {words}: {upload.percent} %{upload.sent > 0 ? `, ${upload.sent.toLocaleString()} rows sent to Meta` : ''}
      </p>
    </div>
  );
}
