import { useParams } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { useSharedReport } from '../api/share-api';
import { MmmReportView } from './mmm-report-view';

/**
 * /marketing-mix/shared/:token: a report someone shared, read-only and without signing in. It
 * shows the model's name, when it was fitted, the charts and the downloads; nothing else.
 */
export function SharedReportPage() {
  const { token = '' } = useParams();
  const shared = useSharedReport(token);
  if (shared.isPending) return <Spinner label="Loading the shared report" className="size-6 text-muted-foreground" />;
  if (shared.isError)
    return (
      <Alert variant="destructive" title="This link does not open a report">
        {shared.error.message}
      </Alert>
    );
  const { name, fittedAt, expiresAt, report } = shared.data;
  return (
    <div className="grid gap-6">
      <div>
        <p className="text-sm font-medium text-muted-foreground">Shared marketing-mix report · read-only</p>
        <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
        <p className="text-sm text-muted-foreground">
          Fitted {new Date(fittedAt).toLocaleString()} · this link works until {new Date(expiresAt).toLocaleString()}
        </p>
      </div>
      <MmmReportView name={name} report={report} />
    </div>
  );
}
