import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '../lib/display-text';

/**
 * A list the server keeps (designs, exports, images), in the states every one of them has: loading, failed (with
 * the server's reason), empty (what to do first), or its items.
 */
export function ServerList<T>({
  query,
  items,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<unknown>;
  /** The items to show once loaded (the query's data, or part of it). */
  items: readonly T[];
  loading: string;
  failed: string;
  empty: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" title={failed}>
        {errorMessage(query.error, 'Please try again.')}
      </Alert>
    );
  }
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return children(items);
}
