import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plans, type PlanKey } from '@shared/plans';
import type { QuotaUsage } from '@shared/schemas/billing';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { apiRequest } from '@web/lib/api';
import { usageKey } from '@web/lib/billing/usage';

/**
 * After a downgrade (or when a subscription ended) the user may hold more ad accounts than the plan allows. As
 * subscription products do, nothing is taken away by surprise: every account stays readable and campaigns can
 * always be paused, while changes that spend wait until the user chooses which accounts to keep (or upgrades).
 */
export function KeepAdAccounts({ usage, planKey }: { usage: QuotaUsage; planKey: PlanKey }) {
  const held = usage.held ?? [];
  const [chosen, setChosen] = useState<string[]>([]);
  const queryClient = useQueryClient();
  // Names make the choice readable; ids alone still work if Meta cannot be reached.
  const names = useQuery({
    queryKey: ['billing', 'held-ad-account-names'],
    queryFn: async () => new Map((await apiRequest('metaAdAccounts')).data.map((a) => [a.id, a.name])),
    retry: false,
  });
  const keep = useMutation({
    mutationFn: (ids: string[]) => apiRequest('billingKeepAdAccounts', { body: { keep: ids } }),
    meta: { component: 'Billing.keepAdAccounts' },
    onSuccess: (usageNow) => queryClient.setQueryData(usageKey, usageNow),
  });
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const limit = usage.limit;
  const tooMany = chosen.length > limit;

  return (
    <Alert variant="warning" title="More ad accounts than your plan allows">
      <p>
        Your {plans[planKey].name} plan allows {limit} ad account{limit === 1 ? '' : 's'}; {held.length} are in use. You
        can still see them all and pause campaigns. Changes that spend wait until you choose which {limit} to keep, or
        upgrade.
      </p>
      <form
        className="mt-2 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length > 0 && !tooMany) keep.mutate(chosen);
        }}
      >
        <fieldset className="grid gap-1">
          <legend className="mb-1 font-medium">Ad accounts to keep (up to {limit})</legend>
          {held.map((id) => {
            const name = names.data?.get(id);
            return (
              <label key={id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(id)}
                  onChange={(event) => toggle(id, event.target.checked)}
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{name ? `${name} (${id})` : id}</span>
              </label>
            );
          })}
        </fieldset>
        {tooMany ? <p className="text-destructive">Choose at most {limit}.</p> : null}
        <Button type="submit" size="sm" className="w-fit" disabled={chosen.length === 0 || tooMany || keep.isPending}>
          {keep.isPending
            ? 'Keeping…'
            : chosen.length > 0
              ? `Keep ${chosen.length} and free the others`
              : 'Keep and free the others'}
        </Button>
      </form>
    </Alert>
  );
}
