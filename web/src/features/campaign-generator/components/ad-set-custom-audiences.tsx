import { useQuery } from '@tanstack/react-query';
import type { Audience } from '@shared/schemas/audiences';
import type { PlanAdSet, PlanAudience, PlanIssue } from '@shared/schemas/campaign-plan';
import { apiRequest } from '@web/lib/api';
import { audienceSizeWords, toPlanAudience } from '../lib/plan-audience';

interface Props {
  set: PlanAdSet;
  number: number;
  at: string;
  adAccountId: string;
  issues: PlanIssue[];
  change: (change: (set: PlanAdSet) => void) => void;
}

type ListKey = 'audiences' | 'excludedAudiences';

/** The account's custom audiences (the Audiences screen's list), shared by every ad set of the editor. */
function useAccountAudiences(adAccountId: string) {
  return useQuery({
    queryKey: ['campaign-generator', 'audiences', adAccountId],
    queryFn: () => apiRequest('listAudiences', { params: { id: adAccountId } }),
    staleTime: 60_000,
    retry: false,
  });
}

function AudienceChoices({
  legend,
  listKey,
  set,
  at,
  adAccountId,
  audiences,
  issues,
  change,
}: Omit<Props, 'number'> & { legend: string; listKey: ListKey; audiences: Audience[] }) {
  const chosen = set.targeting[listKey] ?? [];
  // What the plan names but the account no longer lists stays visible, so it can be removed.
  const gone = chosen.filter((audience) => !audiences.some((other) => other.id === audience.id));
  const toggle = (audience: PlanAudience, on: boolean) =>
    change((s) => {
      const rest = (s.targeting[listKey] ?? []).filter((other) => other.id !== audience.id);
      const next = on ? [...rest, audience] : rest;
      if (next.length > 0) s.targeting[listKey] = next;
      else delete s.targeting[listKey];
    });
  const rows = [...audiences.map((audience) => toPlanAudience(audience, adAccountId, audiences)), ...gone];
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      {rows.map((audience) => {
        const index = chosen.findIndex((other) => other.id === audience.id);
        const picked = index >= 0 ? chosen[index]! : undefined;
        const problems = picked ? issues.filter((issue) => issue.path === `${at}.targeting.${listKey}.${index}`) : [];
        return (
          <div key={audience.id} className="text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={Boolean(picked)}
                onChange={(event) => toggle(audience, event.target.checked)}
              />
              <span>
                {audience.name}{' '}
                <span className="text-muted-foreground">
                  ({audience.kind.replace('-', ' ')}, {audienceSizeWords(audience)})
                </span>
                {picked?.suggested && <span className="ml-1 text-xs text-muted-foreground">suggested</span>}
              </span>
            </label>
            {problems.map((issue) => (
              <p
                key={issue.message}
                className={issue.severity === 'error' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
              >
                {issue.message}
              </p>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Which custom audiences the ad set reaches, and which it leaves out (existing customers, for new ones). */
export function AdSetCustomAudiences(props: Props) {
  const list = useAccountAudiences(props.adAccountId);
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading the account’s audiences…</p>;
  const audiences = list.data?.items ?? [];
  const planned = (props.set.targeting.audiences?.length ?? 0) + (props.set.targeting.excludedAudiences?.length ?? 0);
  if (list.isError && planned === 0)
    return <p className="text-sm text-muted-foreground">The account’s custom audiences could not be read.</p>;
  if (audiences.length === 0 && planned === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No custom audiences in this ad account yet: make customer lists and lookalikes on the Audiences screen.
      </p>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <AudienceChoices
        {...props}
        legend={`Ad set ${props.number} custom audiences`}
        listKey="audiences"
        audiences={audiences}
      />
      <AudienceChoices
        {...props}
        legend={`Ad set ${props.number} excluded audiences`}
        listKey="excludedAudiences"
        audiences={audiences}
      />
    </div>
  );
}
