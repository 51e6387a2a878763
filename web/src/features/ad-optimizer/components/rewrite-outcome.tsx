import { CheckCircle2, Trash2 } from 'lucide-react';
import type { AdCard, AdTest } from '@shared/schemas/ad-optimizer';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { withinUndoWindow } from '@web/lib/undo-window';
import type { RewriteActions } from './use-rewrite-flow';

/** After the approval: the paused A/B copy (or its deletion), with the undo while its 24 hours last. */
export function RewriteOutcome({
  ad,
  test,
  now,
  undo,
  onUndone,
  onShowCopy,
}: {
  ad: AdCard;
  test: AdTest;
  now: number;
  undo: RewriteActions['undo'];
  onUndone: (test: AdTest) => void;
  onShowCopy: (copyAdId: string) => void;
}) {
  return (
    <div className="grid gap-4">
      {test.status === 'created' ? (
        <Alert title="A/B copy created, paused">
          <span className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              “{test.copyAdName}” is in the same ad set as “{ad.name}”, with the new copy and the same image. It is
              paused: start it when you want the test to begin.
            </span>
          </span>
        </Alert>
      ) : (
        <Alert title="A/B copy deleted">The copy was deleted at Meta; the original ad is as it was.</Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {test.status === 'created' && !withinUndoWindow(test, now) ? (
          <p className="text-sm text-muted-foreground">
            The 24 hours in which it could be deleted here have passed: pause or delete it in Ads Manager.
          </p>
        ) : null}
        {test.status === 'created' ? (
          <>
            {withinUndoWindow(test, now) ? (
              <Button
                variant="outline"
                onClick={() => undo.mutate(test.id, { onSuccess: onUndone })}
                disabled={undo.isPending}
                aria-label={`Delete the A/B copy ${test.copyAdName ?? ''}`}
              >
                <Trash2 aria-hidden="true" /> {undo.isPending ? 'Deleting…' : 'Delete the copy'}
              </Button>
            ) : null}
            <Button onClick={() => onShowCopy(test.copyAdId!)}>See the paused copy</Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
