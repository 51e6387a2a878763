import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import type { GenerationState } from '../hooks/use-ad-copy-generation';

/** A bar that fills as variants arrive (own key) or creeps while the server writes them all, and a Cancel. */
export function GenerationProgress({
  state,
  onCancel,
}: {
  state: Extract<GenerationState, { status: 'generating' }>;
  onCancel: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (now - state.startedAt) / 1000);
  // Without per-variant news, approach 90 % over about 10 s so the bar never claims to be done.
  const percent =
    state.done > 0 ? Math.round((state.done / state.total) * 100) : Math.round(90 * (1 - Math.exp(-seconds / 4)));
  return (
    <div className="grid gap-2 rounded-md border bg-card p-4" aria-live="polite">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span>
          {state.label} {state.done > 0 ? `(${state.done} of ${state.total} written)` : ''} · {seconds.toFixed(0)} s
        </span>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label="Generating ad copy"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
