import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth/use-auth';
import { useDatasets, useDeleteDataset } from '../api/mmm-api';

/** The uploaded datasets, each deletable; models fitted from one are kept when it goes. */
export function SavedDatasets() {
  const { currentUser } = useAuth();
  const datasets = useDatasets(currentUser?.uid);
  const remove = useDeleteDataset(currentUser?.uid);
  const items = datasets.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Your datasets</h3>
      {remove.isError ? <Alert variant="destructive">{remove.error.message}</Alert> : null}
      {remove.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          Dataset deleted.{' '}
          {remove.data.modelsKept > 0
            ? `The ${remove.data.modelsKept === 1 ? 'model' : `${remove.data.modelsKept} models`} fitted from it stay below.`
            : ''}
        </p>
      ) : null}
      <ul aria-label="Datasets" className="grid gap-2">
        {items.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
            <span>
              <span className="font-medium">{d.name}</span>{' '}
              <span className="text-muted-foreground">
                {d.periods} periods from {d.firstDate} · {d.channels.join(', ')}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete dataset ${d.name}`}
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete the dataset "${d.name}"? Models already fitted from it are kept.`))
                  remove.mutate(d.id);
              }}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
