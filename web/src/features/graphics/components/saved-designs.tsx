import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderOpen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { apiRequest } from '@web/lib/api';
import { graphicsKeys, useDesigns } from '../api/graphics-api';
import { errorMessage, formatSavedAt } from '../lib/display-text';
import { ServerList } from './server-list';

/**
 * The user's saved designs: open one into the editor, rename it (a versioned save of the stored design with the new
 * name), delete it. The open one is marked.
 */
export function SavedDesigns({
  openId,
  onOpen,
  onRenamed,
  onDeleted,
}: {
  openId: string | null;
  onOpen: (id: string) => void;
  /** The open design was renamed here: the editor takes the new name and version. */
  onRenamed: (id: string, name: string, version: number) => void;
  onDeleted: (id: string) => void;
}) {
  const designs = useDesigns();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);

  const rename = useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const stored = await apiRequest('graphicsDesign', { params: { id } });
      return apiRequest('graphicsSaveDesign', {
        params: { id },
        body: { name, design: stored.design, expectedVersion: stored.version },
      });
    },
    onSuccess: (saved) => {
      setRenaming(null);
      queryClient.setQueryData(graphicsKeys.design(saved.id), saved);
      onRenamed(saved.id, saved.name, saved.version);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: graphicsKeys.designs }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('graphicsDeleteDesign', { params: { id } }),
    onSuccess: (_reply, id) => onDeleted(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: graphicsKeys.designs }),
  });

  return (
    <section aria-labelledby="saved-designs-heading" className="grid gap-3">
      <h2 id="saved-designs-heading" className="text-sm font-semibold">
        Saved designs
      </h2>
      <ServerList
        query={designs}
        items={designs.data ?? []}
        loading="Loading your designs…"
        failed="Your designs could not be loaded"
        empty="No saved designs yet: name this one and save it."
      >
        {(items) => (
          <ul className="grid gap-2" aria-label="Saved designs">
            {items.map((design) => (
              <li
                key={design.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
                aria-current={design.id === openId ? 'true' : undefined}
              >
                {renaming?.id === design.id ? (
                  <form
                    className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (renaming.name.trim()) rename.mutate({ id: design.id, name: renaming.name.trim() });
                    }}
                  >
                    <Input
                      aria-label={`New name for ${design.name}`}
                      value={renaming.name}
                      maxLength={120}
                      onChange={(e) => setRenaming({ id: design.id, name: e.target.value })}
                      className="h-8 min-w-0 flex-1"
                      autoFocus
                    />
                    <Button type="submit" size="sm" disabled={rename.isPending || !renaming.name.trim()}>
                      {rename.isPending ? 'Renaming…' : 'Rename'}
                    </Button>
                    <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </form>
                ) : (
                  <>
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">
                        {design.name}
                        {design.id === openId ? (
                          <span className="font-normal text-muted-foreground"> (open)</span>
                        ) : null}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        v{design.version} · {formatSavedAt(design.updatedAt)}
                      </span>
                    </span>
                    <span className="flex gap-1">
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8"
                        aria-label={`Open ${design.name}`}
                        onClick={() => onOpen(design.id)}
                      >
                        <FolderOpen aria-hidden="true" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8"
                        aria-label={`Rename ${design.name}`}
                        onClick={() => setRenaming({ id: design.id, name: design.name })}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8"
                        aria-label={`Delete ${design.name}`}
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(`Delete “${design.name}”? This cannot be undone.`))
                            remove.mutate(design.id);
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </ServerList>
      {rename.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Not renamed: {errorMessage(rename.error, 'please try again.')}
        </p>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Not deleted: {errorMessage(remove.error, 'please try again.')}
        </p>
      ) : null}
    </section>
  );
}
