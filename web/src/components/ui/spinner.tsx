import { clsx } from 'clsx';
import { Loader2 } from 'lucide-react';

/** `className` sizes, colours and places it (joined, not merged: the loading screen is on every public page). */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={clsx('inline-flex', className)}>
      <Loader2 aria-hidden="true" className="size-full animate-spin" />
    </span>
  );
}
