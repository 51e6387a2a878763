import type { ApprovalChangeSet, ApprovalObjectChange } from '@shared/schemas/approvals';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatBudget } from '@web/lib/format';

const levelWords = { campaign: 'Campaign', adset: 'Ad set', ad: 'Ad' } as const;
const statusWords = (status?: string) =>
  status === 'ACTIVE' ? 'Running' : status === 'PAUSED' ? 'Paused' : (status ?? 'Not set');

/** The fields the change touches, each as the client reads it before → after. */
function rows(item: ApprovalObjectChange, currency: string): Array<{ label: string; before: string; after: string }> {
  const money = (value?: number | null) => (value ? formatBudget(value, currency) : 'None');
  const audiences = (ids?: string[]) =>
    ids?.length ? ids.map((id) => item.audienceNames?.[id] ?? id).join(', ') : 'None';
  const out: Array<{ label: string; before: string; after: string }> = [];
  const { change, before, after } = item;
  if (change.status)
    out.push({ label: 'Status', before: statusWords(before.status), after: statusWords(after.status) });
  if (change.dailyBudget)
    out.push({ label: 'Daily budget', before: money(before.dailyBudget), after: money(after.dailyBudget) });
  if (change.lifetimeBudget)
    out.push({ label: 'Lifetime budget', before: money(before.lifetimeBudget), after: money(after.lifetimeBudget) });
  if (change.name) out.push({ label: 'Name', before: item.objectName, after: after.name ?? change.name });
  if (change.creativeId)
    out.push({ label: 'Creative', before: before.creativeId ?? 'None', after: after.creativeId ?? 'None' });
  if (change.excludedAudienceIds)
    out.push({
      label: 'Audiences left out',
      before: audiences(before.excludedAudienceIds),
      after: audiences(after.excludedAudienceIds),
    });
  return out;
}

/**
 * What a set of recommendations or an agent's proposal would change (issue 28, req 3), as it was sent: each
 * recommendation's reason and, for each object, every value it touches before → after.
 */
export function ChangesSummary({ sets }: { sets: ApprovalChangeSet[] }) {
  return (
    <div className="grid gap-4">
      {sets.map((set) => (
        <Card key={set.recommendationId}>
          <CardHeader>
            <CardTitle className="text-base">{set.title}</CardTitle>
            <CardDescription>{set.why}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {set.changes.map((item) => (
              <table key={item.objectId} className="w-full text-sm">
                <caption className="pb-1 text-left font-medium">
                  {levelWords[item.level]}: {item.objectName}
                </caption>
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      What changes
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Now
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows(item, set.currency).map((row) => (
                    <tr key={row.label} className="border-t">
                      <th scope="row" className="py-1 pr-4 text-left font-normal">
                        {row.label}
                      </th>
                      <td className="py-1 pr-4 tabular-nums">{row.before}</td>
                      <td className="py-1 font-medium tabular-nums">→ {row.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
