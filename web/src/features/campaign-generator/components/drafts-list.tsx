import { FileText } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useDrafts } from '../api/campaign-generator-api';

const STATUS_WORDS = { draft: 'Draft', publishing: 'Publishing', published: 'Published', failed: 'Not published' };

/** The user's saved plans, newest first; any can be reopened. */
export function DraftsList({ uid, onOpen }: { uid: string | undefined; onOpen: (id: string) => void }) {
  const drafts = useDrafts(uid);
  return (
    <section aria-label="Saved drafts" className="grid gap-3">
      <h2 className="text-lg font-semibold">Drafts</h2>
      {drafts.isPending ? <Spinner label="Loading drafts" className="size-5" /> : null}
      {drafts.isError ? <p className="text-sm text-destructive">Drafts could not be loaded.</p> : null}
      {drafts.data?.drafts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No drafts yet: your generated plans are kept here.</p>
      ) : null}
      <ul className="grid gap-2">
        {drafts.data?.drafts.map((draft) => (
          <li key={draft.id}>
            <Button
              variant="ghost"
              className="h-auto w-full justify-start py-2 text-left"
              onClick={() => onOpen(draft.id)}
            >
              <FileText aria-hidden="true" />
              <span className="grid min-w-0">
                <span className="truncate">{draft.name}</span>
                <span className="text-xs text-muted-foreground">{new Date(draft.updatedAt).toLocaleString()}</span>
              </span>
              <Badge variant={draft.status === 'published' ? 'success' : 'outline'} className="ml-auto">
                {STATUS_WORDS[draft.status]}
              </Badge>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
