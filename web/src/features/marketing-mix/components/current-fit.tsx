import { Link } from 'react-router-dom';
import { marketingMixReportPath } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useModel } from '../api/mmm-api';
import { FitProgress } from './fit-progress';
import { MetaHandoff } from './meta-handoff';
import { MmmReportView } from './mmm-report-view';

/** The fit just started: its progress, then its report. */
export function CurrentFit({ id }: { id: string }) {
  const { currentUser } = useAuth();
  const model = useModel(currentUser?.uid, id);
  if (model.isPending) return <Spinner label="Starting the fit" className="size-6 text-muted-foreground" />;
  if (model.isError) return <Alert variant="destructive">{model.error.message}</Alert>;
  const { model: summary, report } = model.data;
  return (
    <div className="grid gap-6">
      <FitProgress model={summary} />
      {report ? (
        <>
          <p className="text-sm">
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline"
              to={marketingMixReportPath(id)}
            >
              Open the report page
            </Link>{' '}
            (every chart and the downloads, at a link you can come back to).
          </p>
          <MmmReportView name={summary.name} report={report} />
          <MetaHandoff modelId={id} report={report} />
        </>
      ) : null}
    </div>
  );
}
