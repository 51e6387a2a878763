import type { SelectHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

/** A native select in the look of the Input component (native: accessible and keyboard-friendly everywhere). */
export function NativeSelect({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
