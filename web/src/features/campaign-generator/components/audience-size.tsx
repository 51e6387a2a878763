import { Users } from 'lucide-react';
import type { PlanTargeting } from '@shared/schemas/campaign-plan';
import { useDeliveryEstimate } from '../api/campaign-generator-api';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Meta's estimated audience for the ad set, with a bar on a log scale (1 thousand to 1 billion people). */
export function AudienceSize({
  adAccountId,
  optimizationGoal,
  targeting,
}: {
  adAccountId: string;
  optimizationGoal: string;
  targeting: PlanTargeting;
}) {
  const estimate = useDeliveryEstimate(adAccountId, optimizationGoal, targeting);
  const upper = estimate.data?.upper ?? 0;
  const share = upper > 0 ? Math.min(1, Math.max(0, (Math.log10(upper) - 3) / 6)) : 0;
  return (
    <div className="grid gap-1 rounded-md border p-3" aria-live="polite">
      <div className="flex items-center gap-2 text-sm font-medium">
        <Users aria-hidden="true" className="size-4" />
        Estimated audience size
      </div>
      {estimate.isError ? (
        <p className="text-sm text-destructive">Meta could not estimate this audience: check the targeting.</p>
      ) : estimate.data ? (
        <>
          <p className="text-sm" data-testid="audience-size">
            {compact.format(estimate.data.lower)} – {compact.format(estimate.data.upper)} people
          </p>
          <div
            role="meter"
            aria-label="Audience breadth"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
            className="h-2 rounded-full bg-muted"
          >
            <div className="h-2 rounded-full bg-primary" style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">
            {share < 0.35 ? 'Narrow' : share > 0.8 ? 'Broad' : 'Balanced'}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Estimating…</p>
      )}
    </div>
  );
}
