import { Link, useParams } from 'react-router-dom';
import { webPaths } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth/use-auth';
import { useModel } from '../api/mmm-api';
import { FitProgress } from './fit-progress';
import { MetaHandoff } from './meta-handoff';
import { MmmReportView } from './mmm-report-view';
import { ShareLinks } from './share-links';
import { WeekPlanPanel } from './week-plan-panel';

/**
 * /marketing-mix/report/:id: one saved model's report, every chart and the downloads. Its URL is
 * stable, so it can be bookmarked or sent on; it opens for its owner only (signed in): a
 * colleague gets "not found", never someone else's figures.
 */
export function ModelReportPage() {
  const { id } = useParams();
  const { currentUser } = useAuth();
  const model = useModel(currentUser?.uid, id);
  const back = (
    <Link className="text-sm font-medium text-primary underline-offset-4 hover:underline" to={webPaths.marketingMix}>
      ← Marketing mix
    </Link>
  );
  if (model.isPending) return <Spinner label="Loading the report" className="size-6 text-muted-foreground" />;
  if (model.isError) {
    const missing = model.error instanceof ApiError && model.error.status === 404;
    return (
      <div className="grid gap-4">
        {back}
        <Alert variant="destructive" title={missing ? 'Report not found' : 'The report could not be loaded'}>
          {missing
            ? 'This model does not exist or belongs to another account. Reports open only for their owner.'
            : model.error.message}
        </Alert>
      </div>
    );
  }
  const { model: summary, report } = model.data;
  return (
    <div className="grid gap-6">
      {back}
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{summary.name}</h1>
        <p className="text-sm text-muted-foreground">
          Dataset {summary.datasetName} · fitted {new Date(summary.updatedAt).toLocaleString()}
        </p>
      </div>
      {report ? <MmmReportView name={summary.name} report={report} /> : <FitProgress model={summary} />}
      {report ? <WeekPlanPanel modelId={summary.id} modelName={summary.name} report={report} /> : null}
      {report ? <MetaHandoff modelId={summary.id} report={report} /> : null}
      {report ? <ShareLinks modelId={summary.id} modelName={summary.name} /> : null}
    </div>
  );
}
