import { History } from 'lucide-react';
import { adCopyLanguages } from '@shared/ad-copy-rules';
import type { SavedAdCopy } from '@shared/schemas/ai';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth/use-auth';
import { useAdCopyHistory } from '../api/ad-copy-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Saved sets, newest first, a page at a time; opening one puts it back in the editor. */
export function HistoryPanel({ onOpen }: { onOpen: (saved: SavedAdCopy) => void }) {
  const { currentUser } = useAuth();
  const history = useAdCopyHistory(currentUser?.uid);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-primary" /> Saved ad copy
        </CardTitle>
        <CardDescription>Newest first. Open a set to edit or reuse it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {history.isPending ? (
          <div className="grid gap-2" aria-label="Loading saved ad copy">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : history.isError ? (
          <Alert variant="destructive" title="Could not load your saved ad copy">
            <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing saved yet. Generate ad copy, then press Save.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Saved ad copy">
            {items.map((item) => (
              <li key={item.id} className="flex min-w-0 items-center justify-between gap-3 rounded-md border p-3">
                {/* Wraps rather than truncates: a one-line row would hold the card (a grid item) wider than a phone. */}
                <div className="min-w-0 break-words">
                  <p className="font-medium">{item.brief.product}</p>
                  <p className="text-xs text-muted-foreground">
                    {dateFormat.format(new Date(item.savedAt))} · {item.variants.length} variant
                    {item.variants.length === 1 ? '' : 's'} · {adCopyLanguages[item.brief.language]}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onOpen(item)}
                  aria-label={`Open ${item.brief.product}`}
                >
                  Open
                </Button>
              </li>
            ))}
          </ul>
        )}
        {history.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? 'Loading…' : 'Load older'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
