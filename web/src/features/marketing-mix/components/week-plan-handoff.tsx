import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MmmReport } from '@shared/schemas/mmm';
import type { WeekPlan, WeekPlanBody } from '@shared/schemas/mmm-week-plan';
import { webPaths } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { formatNumber } from '@web/lib/format';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { useMetaHandoff } from '../api/mmm-api';
import { AdAccountField, MetaChannelField } from './handoff-fields';
import { metaChannelOf } from './meta-handoff';

/**
 * The week plan's Meta part, handed to the optimizer (issue 24, requirement 6): the plan's first week's spend on the
 * Meta channel becomes that week's daily budgets, proposed in /optimizer for approval. The API plans again from the
 * same request (the plan is never stored), so it is the plan shown here; hand off again next week for the next one.
 */
export function WeekPlanHandoff({
  modelId,
  report,
  request,
  plan,
}: {
  modelId: string;
  report: MmmReport;
  /** The request that produced `plan`: the hand-off sends it as is. */
  request: WeekPlanBody;
  plan: WeekPlan;
}) {
  const { currentUser } = useAuth();
  const { isConnected, loading, adAccounts, selectedAdAccount, selectAdAccount } = useMetaConnection();
  const channels = plan.channels.map((c) => c.name);
  const [channel, setChannel] = useState(() => {
    const meta = metaChannelOf(report);
    return channels.includes(meta) ? meta : '';
  });
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  const handoff = useMetaHandoff(currentUser?.uid);
  if (loading) return null;
  if (!isConnected || adAccounts.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Connect a Meta ad account to hand this plan’s Meta part to the optimizer.
      </p>
    );
  }

  const account = adAccounts.find((a) => a.id === accountId) ?? selectedAdAccount ?? adAccounts[0]!;
  const first = plan.weeks[0]!;
  const index = channels.indexOf(channel);
  const weekSpend = index >= 0 ? first.spend[index]! : undefined;
  const send = () =>
    handoff.mutate(
      { adAccountId: account.id, body: { modelId, channel, weekPlan: request } },
      // /optimizer opens on the account the proposal is for.
      { onSuccess: () => selectAdAccount(account.id) },
    );

  return (
    <section className="grid gap-4 rounded-md border p-4" aria-labelledby="week-plan-handoff-title">
      <div className="grid gap-1">
        <h3 id="week-plan-handoff-title" className="text-sm font-semibold">
          Hand the Meta part to the optimizer
        </h3>
        <p className="text-sm text-muted-foreground">
          The plan’s first week (from {first.date}) becomes that week’s daily budgets of the ad account’s active
          campaigns and ad sets. You approve every change in the optimizer; nothing reaches Meta before that. Hand off
          again next week for the next one.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MetaChannelField
          label="Week plan’s Meta channel"
          description={
            weekSpend !== undefined
              ? `${formatNumber(weekSpend)} in the week of ${first.date}: ${formatNumber(weekSpend / 7)} a day.`
              : 'The channel of this plan that is your Meta spend.'
          }
          channels={channels}
          channel={channel}
          onChannel={setChannel}
        />
        <AdAccountField
          label="Week plan’s ad account"
          adAccounts={adAccounts}
          accountId={account.id}
          onAccount={setAccountId}
        />
      </div>
      <div>
        <Button onClick={send} disabled={!channel || handoff.isPending}>
          {handoff.isPending ? <Spinner label="Handing off the week" className="size-4" /> : null}
          {handoff.isPending ? 'Handing off the week…' : 'Hand the Meta part to the optimizer'}
        </Button>
      </div>
      {handoff.isError ? (
        <Alert variant="destructive" title="Week not handed off">
          {handoff.error.message}
        </Alert>
      ) : null}
      {handoff.isSuccess ? (
        <Alert variant="success" title={`Week of ${first.date} waiting for your approval in the optimizer`}>
          {handoff.data.title}: {handoff.data.changes.length} budget
          {handoff.data.changes.length === 1 ? '' : 's'} to review for {account.name}.{' '}
          <Link className="font-medium underline underline-offset-4" to={webPaths.optimizer}>
            Review the week in the optimizer
          </Link>
        </Alert>
      ) : null}
    </section>
  );
}
