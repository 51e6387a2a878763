import type { ExpectedEffect } from '@shared/schemas/optimizer';

/**
 * The predicted range as a band, the expected value as a tick, the actual as a point (green
 * inside the range, amber outside), on one axis that always includes zero.
 */
export function OutcomeChart({
  predicted,
  actual,
  label,
}: {
  predicted: ExpectedEffect;
  actual: number | null;
  label: string;
}) {
  const values = [predicted.low, predicted.high, predicted.expected, 0, ...(actual === null ? [] : [actual])];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min || 1) * 0.08;
  const x = (v: number) => 8 + ((v - (min - pad)) / (max - min + 2 * pad)) * 284;
  const inside = actual !== null && actual >= predicted.low && actual <= predicted.high;
  return (
    <svg role="img" aria-label={label} viewBox="0 0 300 44" className="h-auto w-full max-w-md">
      <line x1="8" x2="292" y1="22" y2="22" className="stroke-muted-foreground/30" strokeWidth="1" />
      <line
        x1={x(0)}
        x2={x(0)}
        y1="6"
        y2="38"
        className="stroke-muted-foreground/60"
        strokeWidth="1"
        strokeDasharray="2 2"
      />
      <rect
        x={x(predicted.low)}
        y="12"
        width={Math.max(2, x(predicted.high) - x(predicted.low))}
        height="20"
        rx="3"
        className="fill-primary/20 stroke-primary/50"
      />
      <line
        x1={x(predicted.expected)}
        x2={x(predicted.expected)}
        y1="10"
        y2="34"
        className="stroke-primary"
        strokeWidth="2"
      />
      {actual !== null ? (
        <circle
          cx={x(actual)}
          cy="22"
          r="6"
          className={inside ? 'fill-success stroke-background' : 'fill-amber-500 stroke-background'}
          strokeWidth="2"
        />
      ) : null}
    </svg>
  );
}
