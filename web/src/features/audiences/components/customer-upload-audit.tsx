import type { CustomerUploadAuditEntry } from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCustomerUploads } from '../api/audiences-api';

function countsWords(entry: CustomerUploadAuditEntry): string {
  if (entry.outcome === 'failed') return `Failed (${entry.errorCode ?? 'error'})`;
  const invalid = entry.invalid > 0 ? `, ${entry.invalid.toLocaleString()} unusable` : '';
  if (entry.action === 'refresh')
    return `${(entry.added ?? 0).toLocaleString()} added, ${(entry.removed ?? 0).toLocaleString()} removed, ${(entry.unchanged ?? 0).toLocaleString()} unchanged${invalid}`;
  return `${(entry.sent ?? 0).toLocaleString()} sent${invalid}`;
}

/**
 * Who uploaded customer data, when, to which audience and how many rows (never the data): the owner's and admins'
 * view of the audit, beside the lists themselves (the owner is the one who lets members upload).
 */
export function CustomerUploadAudit({ uid, viewerIsOwner }: { uid: string | undefined; viewerIsOwner: boolean }) {
  const uploads = useCustomerUploads(uid, true);
  if (uploads.isPending) return <Skeleton className="h-24 w-full" aria-label="Reading the uploads" />;
  if (uploads.isError)
    return (
      <Alert variant="destructive" title="The uploads could not be read">
        {uploads.error.message}
      </Alert>
    );
  if (uploads.data.items.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody has uploaded customer data yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-muted-foreground">
          The latest uploads and refreshes of customer data. Only counts are kept: no email, phone or name, nor any hash
          of one.
        </caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Audience</th>
            <th scope="col">Rows</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {uploads.data.items.map((entry) => (
            <tr key={`${entry.at}-${entry.by}`} className="border-t">
              <td className="py-2">
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
              </td>
              {/* An owner's sign-in token may carry no email, so the owner's rows say who by role. */}
              <td>{entry.byOwner ? (viewerIsOwner ? 'You (owner)' : 'The owner') : entry.by}</td>
              <td>{entry.action === 'refresh' ? 'Refresh' : 'Upload'}</td>
              <td>{entry.audienceName ?? entry.audienceId ?? '—'}</td>
              <td>{entry.rows.toLocaleString()}</td>
              <td>{countsWords(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
