import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { metaErrorMessage } from '@web/lib/meta-account/meta-error-message';

export function QueryErrorAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive" title={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{metaErrorMessage(error)}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    </Alert>
  );
}
