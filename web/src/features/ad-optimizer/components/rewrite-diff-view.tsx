import { changedFields } from '../lib/ad-words';
import type { Draft } from './use-rewrite-flow';

/** The current copy against the proposed one, field by field. */
export function RewriteDiffView({ before, after }: { before: Draft; after: Draft }) {
  const rows = changedFields(before, after);
  return (
    <section aria-label="Current and proposed copy" className="grid gap-2 rounded-md border p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground uppercase">Current → proposed</p>
      {rows.map((row) => (
        <div key={row.field} className="grid gap-0.5">
          <p className="text-xs text-muted-foreground">
            {row.label}
            {row.changed ? '' : ' (unchanged)'}
          </p>
          {row.changed ? (
            <>
              <del className="text-muted-foreground break-words">{row.before || '—'}</del>
              <ins className="font-medium no-underline break-words">{row.after || '—'}</ins>
            </>
          ) : (
            <p className="break-words">{row.after || '—'}</p>
          )}
        </div>
      ))}
      <p className="text-xs text-muted-foreground">Same image, link and button as the original; created paused.</p>
    </section>
  );
}
