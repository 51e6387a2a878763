import { Download, Trash2 } from 'lucide-react';
import { placementSizes } from '@shared/graphics/placement-sizes';
import { Alert } from '@web/components/ui/alert';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useDeleteExport, useExports } from '../api/graphics-api';

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The user's past exports (`GET /api/graphics/exports`): each ZIP to download again or delete. Deleting asks first
 * and removes the ZIP only: the exported images stay under Images, where they may be in use in a campaign.
 */
export function PastExports() {
  const exports = useExports();
  const remove = useDeleteExport();

  return (
    <section aria-labelledby="past-exports-heading" className="grid gap-3">
      <h2 id="past-exports-heading" className="text-sm font-semibold">
        Past exports
      </h2>
      {exports.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading your exports…
        </p>
      ) : exports.isError ? (
        <Alert variant="destructive" title="Your exports could not be loaded">
          {errorMessage(exports.error, 'Please try again.')}
        </Alert>
      ) : exports.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No exports yet: export a saved design to keep its ZIP here.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Past exports">
          {exports.data.map((item) => {
            const deleting = remove.isPending && remove.variables === item.exportId;
            return (
              <li
                key={item.exportId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
              >
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{item.zip.fileName}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatTime(item.createdAt)} · {item.sizes.map((id) => placementSizes[id].ratio).join(', ')} ·{' '}
                    {item.format === 'png' ? 'PNG' : 'JPEG'} · {formatBytes(item.zip.bytes)}
                  </span>
                </span>
                <span className="flex gap-1">
                  <a
                    href={item.zip.url}
                    download={item.zip.fileName}
                    aria-label={`Download ${item.zip.fileName}`}
                    className={buttonVariants({ size: 'icon', variant: 'ghost', className: 'size-8' })}
                  >
                    <Download aria-hidden="true" />
                  </a>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    aria-label={`Delete export ${item.zip.fileName}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          `Delete the export “${item.zip.fileName}”? Its ZIP is deleted for good; the exported images stay under Images.`,
                        )
                      )
                        remove.mutate(item.exportId);
                    }}
                  >
                    {deleting ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" />}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Not deleted: {errorMessage(remove.error, 'please try again.')}
        </p>
      ) : null}
    </section>
  );
}
