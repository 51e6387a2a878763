import { FileArchive } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import type { ExportState } from '../hooks/use-browser-export';

interface PreviewToolbarProps {
  showSafeZones: boolean;
  onShowSafeZonesChange: (show: boolean) => void;
  updating: boolean;
  /** Why the previews could not be drawn, when they could not. */
  previewError: string | null;
  /** The browser's ZIP export, offered when the server's export is not. */
  offerZip: boolean;
  onExportZip: () => void;
  exporting: ExportState;
  /** Errors among the quality checks: exporting waits until there are none. */
  errors: number;
}

/** Above the previews: the safe-zone switch, the browser's ZIP export, and how previews and exports are going. */
export function PreviewToolbar({
  showSafeZones,
  onShowSafeZonesChange,
  updating,
  previewError,
  offerZip,
  onExportZip,
  exporting,
  errors,
}: PreviewToolbarProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={showSafeZones}
            onChange={(e) => onShowSafeZonesChange(e.target.checked)}
            className="size-4"
          />
          Show Stories and Reels safe zones
        </label>
        <div className="flex items-center gap-3">
          {updating ? (
            <span role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
              <Spinner className="size-3" /> Updating previews…
            </span>
          ) : null}
          {offerZip ? (
            <Button onClick={onExportZip} disabled={exporting.status === 'rendering' || errors > 0}>
              <FileArchive aria-hidden="true" /> Export ZIP (4 PNG)
            </Button>
          ) : null}
        </div>
      </div>
      {errors > 0 ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Fix the {errors === 1 ? 'error' : `${errors} errors`} listed under Quality checks to export.
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {exporting.status === 'rendering'
          ? `Rendering ${Math.min(exporting.done + 1, exporting.total)} of ${exporting.total}…`
          : exporting.status === 'done'
            ? `Downloaded ${exporting.fileName}.`
            : exporting.status === 'failed'
              ? exporting.message
              : ''}
      </div>
      {previewError !== null ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The previews could not be drawn: {previewError}.
        </p>
      ) : null}
    </>
  );
}
