import type { DatasetSummary } from '@shared/schemas/mmm';
import { Alert } from '@web/components/ui/alert';
import { ApiError } from '@web/lib/api-client';

/** Why the dataset was not saved (with each problem the server found in the file), or what was saved. */
export function DatasetUploadOutcome({ error, saved }: { error: Error | null; saved: DatasetSummary | undefined }) {
  const problems = error instanceof ApiError && error.details ? Object.entries(error.details) : [];
  return (
    <>
      {error ? (
        <Alert variant="destructive" title="The dataset was not saved">
          <p>{error.message}</p>
          {problems.length > 0 ? (
            <ul aria-label="Problems in the file" className="mt-2 max-h-60 list-disc overflow-auto pl-5 text-sm">
              {problems.map(([where, message]) => (
                <li key={where}>
                  <span className="font-medium">{where}:</span> {message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {saved ? (
        <Alert variant="success" title="Dataset saved">
          {saved.name}: {saved.periods} periods from {saved.firstDate} to {saved.lastDate}, {saved.channels.length}{' '}
          channel{saved.channels.length === 1 ? '' : 's'}.
        </Alert>
      ) : null}
    </>
  );
}
