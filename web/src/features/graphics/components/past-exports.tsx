import { Download, Trash2 } from 'lucide-react';
import { placementSizes } from '@shared/graphics/placement-sizes';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useDeleteExport, useExports } from '../api/graphics-api';
import { errorMessage, formatSavedAt } from '../lib/display-text';
import { ServerList } from './server-list';

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The user's past exports (`GET /api/graphics/exports`): each ZIP to download again or delete. Deleting asks first:
 * the ZIP and the export's images go; images already sent to an ad account stay at Meta.
 */
export function PastExports({ onDeleted }: { onDeleted?: (exportId: string) => void }) {
  const exports = useExports();
  const remove = useDeleteExport();

  return (
    <section aria-labelledby="past-exports-heading" className="grid gap-3">
      <h2 id="past-exports-heading" className="text-sm font-semibold">
        Past exports
      </h2>
      <ServerList
        query={exports}
        items={exports.data ?? []}
        loading="Loading your exports…"
        failed="Your exports could not be loaded"
        empty="No exports yet: export a saved design to keep its ZIP here."
      >
        {(items) => (
          <ul className="grid gap-2" aria-label="Past exports">
            {items.map((item) => {
              const deleting = remove.isPending && remove.variables === item.exportId;
              return (
                <li
                  key={item.exportId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                >
                  <span className="grid min-w-0">
                    <span className="truncate font-medium">{item.zip.fileName}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatSavedAt(item.createdAt)} · {item.sizes.map((id) => placementSizes[id].ratio).join(', ')} ·{' '}
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
                            `Delete the export “${item.zip.fileName}” and its ${item.sizes.length === 1 ? 'image' : `${item.sizes.length} images`}? This cannot be undone. Images already sent to an ad account stay there.`,
                          )
                        )
                          remove.mutate(item.exportId, { onSuccess: () => onDeleted?.(item.exportId) });
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
      </ServerList>
      {remove.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Not deleted: {errorMessage(remove.error, 'please try again.')}
        </p>
      ) : null}
    </section>
  );
}
