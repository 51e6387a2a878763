import { AlertCircle, CheckCircle2, Info, TriangleAlert } from 'lucide-react';
import { type DesignCheck } from '@shared/graphics/design-checks';
import { placementSizes } from '@shared/graphics/placement-sizes';

const levelLook = {
  error: { icon: AlertCircle, label: 'Error', className: 'text-destructive' },
  warning: { icon: TriangleAlert, label: 'Warning', className: 'text-warning' },
  info: { icon: Info, label: 'Note', className: 'text-primary' },
} as const;

const order = { error: 0, warning: 1, info: 2 } as const;

/** The quality checks of every size, errors first, each saying what to change. */
export function ChecksList({ checks }: { checks: DesignCheck[] }) {
  const sorted = [...checks].sort((a, b) => order[a.level] - order[b.level]);
  return (
    <section aria-labelledby="graphics-checks-title" className="grid gap-2">
      <h2 id="graphics-checks-title" className="text-base font-semibold">
        Quality checks
      </h2>
      {sorted.length === 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
          All four sizes pass: contrast, text share, safe zones, image resolution and file size.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Problems found">
          {sorted.map((check) => {
            const look = levelLook[check.level];
            const Icon = look.icon;
            return (
              <li key={`${check.sizeId}-${check.id}`} className="flex gap-2 rounded-md border p-2 text-sm">
                <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.className}`} />
                <span>
                  <span className="font-medium">
                    {look.label} · {placementSizes[check.sizeId].ratio}:
                  </span>{' '}
                  {check.message}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
