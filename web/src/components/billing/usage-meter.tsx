import { quotas } from '@shared/quotas';
import type { QuotaUsage } from '@shared/schemas/billing';
import { cn } from '../../lib/cn';

const formatReset = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "12 of 20 AI generations left today": what is left, in words, and a bar of what is used. */
export function allowanceText(usage: QuotaUsage): string {
  const left = Math.max(0, usage.limit - usage.used);
  const declaration = quotas[usage.key];
  const period = declaration.window === 'day' ? ' today' : declaration.window === 'month' ? ' this month' : '';
  return `${left.toLocaleString()} of ${usage.limit.toLocaleString()} ${declaration.noun} left${period}`;
}

export function UsageMeter({ usage, label, className }: { usage: QuotaUsage; label?: string; className?: string }) {
  const share = usage.limit > 0 ? Math.min(1, usage.used / usage.limit) : 1;
  return (
    <div className={cn('grid gap-1 text-sm', className)}>
      {/* The label may wrap on a narrow screen; the figures never do ("0 / 20" stays on one line, right-aligned). */}
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 text-muted-foreground">{label ?? allowanceText(usage)}</span>
        <span className="shrink-0 whitespace-nowrap font-medium tabular-nums">
          {usage.used.toLocaleString()} / {usage.limit.toLocaleString()}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label ? `${label}: ${allowanceText(usage)}` : allowanceText(usage)}
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={usage.used}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full',
            share >= 1 ? 'bg-destructive' : share >= 0.8 ? 'bg-warning' : 'bg-primary',
          )}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      {usage.resetsAt && usage.used > 0 ? (
        <span className="text-xs text-muted-foreground">Starts again {formatReset(usage.resetsAt)}</span>
      ) : null}
    </div>
  );
}
