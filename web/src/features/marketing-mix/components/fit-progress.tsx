import type { ModelSummary } from '@shared/schemas/mmm';
import { Alert } from '@web/components/ui/alert';

/** The fit's progress bar (queued → running → done), or why it failed. */
export function FitProgress({ model }: { model: ModelSummary }) {
  if (model.status === 'failed') {
    return (
      <Alert variant="destructive" title={`${model.name}: the fit failed`}>
        {model.error ?? 'Something went wrong. Please start the fit again.'}
      </Alert>
    );
  }
  const label = `Fitting ${model.name}`;
  return (
    <div className="grid gap-1" aria-live="polite">
      <div className="flex justify-between text-sm">
        <span>{model.status === 'done' ? `${model.name}: fitted` : model.stage}</span>
        <span>{model.progress} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={model.progress}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width] duration-500" style={{ width: `${model.progress}%` }} />
      </div>
    </div>
  );
}
