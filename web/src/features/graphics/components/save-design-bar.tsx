import { FilePlus2, Save } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import type { OpenDesign, SaveState } from '../hooks/use-design-document';

interface SaveDesignBarProps {
  name: string;
  onRename: (name: string) => void;
  open: OpenDesign | null;
  unsaved: boolean;
  saveState: SaveState;
  openProblem: string | null;
  onSave: (asCopy?: boolean) => void;
  onReopen: (id: string) => void;
  onNew: () => void;
}

/** The design's name with Save and New design, what was saved or is open, and why a save or an open failed. */
export function SaveDesignBar({
  name,
  onRename,
  open,
  unsaved,
  saveState,
  openProblem,
  onSave,
  onReopen,
  onNew,
}: SaveDesignBarProps) {
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label="Save design"
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <FormField label="Design name" className="min-w-0 flex-1 basis-48">
          {(control) => <Input {...control} value={name} maxLength={120} onChange={(e) => onRename(e.target.value)} />}
        </FormField>
        <Button type="submit" disabled={saveState.status === 'saving' || !name.trim()}>
          {saveState.status === 'saving' ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          {saveState.status === 'saving' ? 'Saving…' : open ? 'Save' : 'Save design'}
        </Button>
        <Button type="button" variant="outline" onClick={onNew}>
          <FilePlus2 aria-hidden="true" /> New design
        </Button>
      </form>
      <div role="status" aria-live="polite" className="-mt-3 text-sm text-muted-foreground empty:hidden">
        {saveState.status === 'saved'
          ? `Saved “${open?.name ?? name}” (version ${saveState.version}).`
          : open && saveState.status === 'idle'
            ? `Editing “${open.name}”, version ${open.version}.${unsaved ? ' Unsaved changes.' : ''}`
            : ''}
      </div>
      {saveState.status === 'conflict' ? (
        <Alert variant="warning" title="This design was changed elsewhere">
          <p>{saveState.message}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => open && onReopen(open.id)}>
              Reopen the newer version
            </Button>
            <Button size="sm" variant="outline" onClick={() => onSave(true)}>
              Save mine as a copy
            </Button>
          </div>
        </Alert>
      ) : null}
      {saveState.status === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The design was not saved: {saveState.message}
        </p>
      ) : null}
      {openProblem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The saved design could not be opened: {openProblem}
        </p>
      ) : null}
    </>
  );
}
