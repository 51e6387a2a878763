import { Save, Send } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

interface PlanActionsProps {
  saving: boolean;
  publishing: boolean;
  /** Publishing waits until no blocking issue is left. */
  canPublish: boolean;
  onSave: () => void;
  onPublish: () => void;
}

/** Save the draft, or publish it to Meta. */
export function PlanActions({ saving, publishing, canPublish, onSave, onPublish }: PlanActionsProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="outline" disabled={saving || publishing} onClick={onSave}>
        {saving ? <Spinner label="Saving" className="size-4" /> : <Save aria-hidden="true" />}
        Save draft
      </Button>
      <Button disabled={!canPublish || publishing} onClick={onPublish}>
        {publishing ? <Spinner label="Publishing" className="size-4" /> : <Send aria-hidden="true" />}
        Publish to Meta
      </Button>
    </div>
  );
}
