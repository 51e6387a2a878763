import { Link } from 'react-router-dom';
import { marketingMixReportPath } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatNumber, formatPercent } from '@web/lib/format';
import { useDatasets, useDeleteModel, useModels } from '../api/mmm-api';

/** The user's models with their status and headline figures: open a finished one, or delete one. */
export function SavedModels() {
  const { currentUser } = useAuth();
  const models = useModels(currentUser?.uid);
  const datasets = useDatasets(currentUser?.uid);
  const datasetGone = (id: string) => !!datasets.data && !datasets.data.items.some((d) => d.id === id);
  const remove = useDeleteModel(currentUser?.uid);
  if (models.isPending) return <Spinner label="Loading your models" className="size-6 text-muted-foreground" />;
  if (models.isError)
    return <Alert variant="destructive">Your models could not be loaded: {models.error.message}</Alert>;
  if (models.data.items.length === 0) return <p className="text-sm text-muted-foreground">No models yet.</p>;
  return (
    <ul aria-label="Saved models" className="grid gap-3">
      {models.data.items.map((m) => (
        <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
          <div className="grid gap-1">
            <span className="font-medium">{m.name}</span>
            <span className="text-xs text-muted-foreground">
              {m.datasetName}
              {datasetGone(m.datasetId) ? ' (dataset deleted)' : ''} · {new Date(m.createdAt).toLocaleString()}
              {m.headline
                ? ` · R² ${formatNumber(m.headline.rSquared, 2)} · possible lift ${formatPercent(100 * m.headline.liftShare, 1)}`
                : ''}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={m.status === 'done' ? 'success' : m.status === 'failed' ? 'default' : 'outline'}>
              {m.status === 'running' ? `running ${m.progress} %` : m.status}
            </Badge>
            {m.status === 'done' ? (
              <Link
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                to={marketingMixReportPath(m.id)}
                aria-label={`Open ${m.name}`}
              >
                Open
              </Link>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${m.name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the model "${m.name}" and its report?`)) remove.mutate(m.id);
              }}
            >
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
