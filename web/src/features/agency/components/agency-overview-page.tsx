import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ClientOverviewRow } from '@shared/schemas/agency-overview';
import { webPaths } from '@shared/web-paths';
import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Modal } from '@web/components/ui/modal';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { formatMoney, formatNumber, formatRoas } from '@web/lib/format';
import { useAgencyOverview } from '../api/agency-overview';
import { attentionBadge, paceWords, setsTargets } from '../lib/overview-words';
import { PaceBar } from './pace-bar';
import { TargetsForm } from './targets-form';

function goalCell(row: ClientOverviewRow, kind: 'cpr' | 'roas') {
  const currency = row.currency ?? 'USD';
  const value = kind === 'cpr' ? formatMoney(row.costPerResult, currency) : formatRoas(row.roas);
  const target = kind === 'cpr' ? row.targets?.targetCostPerResult : row.targets?.targetRoas;
  if (target === undefined) return value;
  return (
    <span>
      {value}
      <span className="block text-xs text-muted-foreground">
        target {kind === 'cpr' ? formatMoney(target, currency) : formatRoas(target)}
      </span>
    </span>
  );
}

/** Every client against its targets, what needs attention first (issue 28, req 2). */
export default function AgencyOverviewPage() {
  const overview = useAgencyOverview();
  const [editing, setEditing] = useState<ClientOverviewRow | null>(null);
  const rows = overview.data?.rows ?? [];
  const period = rows.find((r) => r.period)?.period;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10">
      <PageHeader
        title="Agency overview"
        description={`Each of your workspaces this month${period ? ` (${period.since} to ${period.until})` : ''} against the budget and goal set for it, what needs attention first. Alerts go to Slack and your webhook once a day per client.`}
      />
      {overview.isPending ? (
        <div className="grid gap-2" aria-label="Loading the overview" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : overview.isError ? (
        <Alert variant="destructive" title="The overview could not be read">
          <p>{overview.error.message}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : rows.length < 2 ? (
        <Card>
          <CardContent className="grid gap-2 py-6 text-sm">
            <p>The overview compares your workspaces, and you work in one.</p>
            <p className="text-muted-foreground">
              On the Agency plan, create client workspaces in{' '}
              <Link to={webPaths.settingsTeam} className="font-medium text-primary underline-offset-4 hover:underline">
                Team settings
              </Link>
              , or accept a client&apos;s invitation.
            </p>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="overflow-x-auto p-0">
            <table className="w-full text-sm">
              <caption className="sr-only">Workspaces against their targets, most in need of attention first</caption>
              <thead className="border-b text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Client
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Spend
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Results
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Cost per result
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    ROAS
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Budget pace
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    <span className="sr-only">Targets</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const badge = attentionBadge[row.attention];
                  const currency = row.currency ?? 'USD';
                  return (
                    <tr key={row.workspaceId} className="border-b last:border-0">
                      <th scope="row" className="px-4 py-3 text-left font-medium">
                        {row.name}
                        {row.error ? (
                          <span className="block text-xs font-normal text-destructive">{row.error}</span>
                        ) : null}
                      </th>
                      <td className="px-4 py-3">
                        <span
                          className={cn(
                            'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
                            badge.className,
                          )}
                        >
                          {badge.label}
                        </span>
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">
                        {formatMoney(row.spend, currency)}
                        {row.targets ? (
                          <span className="block text-xs text-muted-foreground">
                            of {formatMoney(row.targets.monthlyBudget, currency)}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums">{formatNumber(row.results)}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{goalCell(row, 'cpr')}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{goalCell(row, 'roas')}</td>
                      <td className="px-4 py-3">
                        <PaceBar row={row} />
                        <span className="mt-1 block text-xs text-muted-foreground">{paceWords(row)}</span>
                      </td>
                      <td className="px-4 py-3 text-right">
                        {setsTargets(row) ? (
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Set targets for ${row.name}`}
                            onClick={() => setEditing(row)}
                          >
                            {row.targets ? 'Edit targets' : 'Set targets'}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Targets for ${editing.name}` : 'Targets'}
        description="The month's budget is paced by day; the goal is a cost per result or a ROAS."
      >
        {editing ? <TargetsForm row={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </div>
  );
}
