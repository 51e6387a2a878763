import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { BillingInterval } from '@shared/billing';
import { plans, type PlanKey } from '@shared/plans';
import { quotaKeys, quotas } from '@shared/quotas';
import type { BillingStatus } from '@shared/schemas/billing';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useUsage } from '@web/lib/billing/usage';
import { useWorkspaceRole, type WorkspaceRole } from '@web/lib/team/workspace-role';
import { useBillingStatus, useOpenPortal, useStartCheckout } from '../api/billing';
import { KeepAdAccounts } from './keep-ad-accounts';
import { webPaths } from '@shared/web-paths';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(cents / 100);

const limitLabels = quotaKeys.map((key) => ({ key, label: quotas[key].label }));

/** The user's plan, what it allows, and the way to upgrade (Stripe Checkout) or manage it (Stripe's portal). */
export function PlanBillingCard() {
  const [search] = useSearchParams();
  const returnedFromCheckout = search.get('checkout') === 'success';
  const status = useBillingStatus({ pollUntilPaid: returnedFromCheckout });

  return (
    <Card id="billing">
      <CardHeader>
        <CardTitle>Plan and billing</CardTitle>
        <CardDescription>What your plan includes. Payments are handled by Stripe.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-24" aria-label="Loading your plan" />
        ) : status.isError ? (
          <Alert variant="destructive" title="Your plan could not be loaded">
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <PlanDetails status={status.data} waitingForPayment={returnedFromCheckout && status.data.plan === 'free'} />
        )}
      </CardContent>
    </Card>
  );
}

function PlanDetails({ status, waitingForPayment }: { status: BillingStatus; waitingForPayment: boolean }) {
  const plan = plans[status.plan];
  const workspace = useWorkspaceRole();
  const member = workspace.role !== 'owner';
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold">{plan.name}</p>
        {status.interval ? <Badge variant="outline">Billed {status.interval}</Badge> : null}
      </div>
      {member ? null : <StatusNote status={status} />}
      {waitingForPayment ? (
        <Alert variant="info" title="Payment received">
          <span className="flex items-center gap-2">
            <Spinner label="Waiting for Stripe" className="size-4" /> Your plan updates as soon as Stripe confirms it.
          </span>
        </Alert>
      ) : null}
      <PlanUsage planKey={status.plan} member={member} ownerKnown={!workspace.pending && !member} />
      {member ? (
        <OwnerManagesBilling workspace={workspace} />
      ) : workspace.pending ? null : (
        <BillingActions status={status} />
      )}
    </>
  );
}

/** Usage against each limit the server counts; the limits of features not built yet, as plain numbers. */
function PlanUsage({ planKey, member, ownerKnown }: { planKey: PlanKey; member: boolean; ownerKnown: boolean }) {
  const usage = useUsage();
  const plan = plans[planKey];
  const counted = usage.data?.plan === planKey ? usage.data.limits.filter((limit) => limit.enforced) : [];
  const countedKeys = new Set(counted.map((limit) => limit.key));
  const overAdAccounts = counted.find((limit) => limit.key === 'connectedAdAccounts' && limit.used > limit.limit);
  return (
    <>
      {usage.isPending ? <Skeleton className="h-12" aria-label="Loading your usage" /> : null}
      {overAdAccounts && ownerKnown ? <KeepAdAccounts usage={overAdAccounts} planKey={planKey} /> : null}
      {overAdAccounts && member ? (
        <Alert variant="warning" title="More ad accounts than the plan allows">
          Every account stays readable and campaigns can be paused, but changes that spend wait until the workspace
          owner chooses which {overAdAccounts.limit} to keep, or upgrades.
        </Alert>
      ) : null}
      {counted.length > 0 ? (
        <section aria-label="Usage" className="grid gap-3">
          {counted.map((limit) => (
            <UsageMeter key={limit.key} usage={limit} label={limitLabels.find((l) => l.key === limit.key)?.label} />
          ))}
        </section>
      ) : null}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label={`${plan.name} limits`}>
        {limitLabels
          .filter(({ key }) => !countedKeys.has(key))
          .map(({ key, label }) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium tabular-nums">{plan.limits[key].toLocaleString()}</dd>
            </div>
          ))}
      </dl>
    </>
  );
}

/** A member shares the owner's plan: they see it, and who to ask, but billing is the owner's to change. */
function OwnerManagesBilling({ workspace }: { workspace: WorkspaceRole }) {
  return (
    <p className="text-sm text-muted-foreground">
      You share this plan as a member of{' '}
      {workspace.ownerEmail ? (
        <span className="font-medium text-foreground [overflow-wrap:anywhere]">{workspace.ownerEmail}</span>
      ) : (
        'the owner'
      )}
      ’s workspace. The workspace owner manages billing: ask them to upgrade or change the plan.
    </p>
  );
}

function StatusNote({ status }: { status: BillingStatus }) {
  if (status.paymentFailed && status.downgradesAt) {
    return (
      <Alert variant="warning" title="Your last payment failed">
        Update your card in Manage billing before {formatDate(status.downgradesAt)}, or your plan changes to Free on
        that day.
      </Alert>
    );
  }
  if (status.cancelAtPeriodEnd && status.downgradesAt) {
    return (
      <Alert variant="info" title={`Your plan ends on ${formatDate(status.downgradesAt)}`}>
        You keep {plans[status.plan].name} until then, and move to Free after. Renew it in Manage billing.
      </Alert>
    );
  }
  if (status.currentPeriodEnd) {
    return <p className="text-sm text-muted-foreground">Renews on {formatDate(status.currentPeriodEnd)}.</p>;
  }
  return null;
}

function BillingActions({ status }: { status: BillingStatus }) {
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const upgrades = (Object.keys(plans) as PlanKey[]).filter((key) => plans[key].priceCents.monthly > 0);

  return (
    <div className="grid gap-3">
      {status.plan === 'free' ? (
        <>
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">Billing period</legend>
            {(['monthly', 'yearly'] as const).map((value) => (
              <label key={value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="billing-interval"
                  value={value}
                  checked={interval === value}
                  onChange={() => setInterval(value)}
                />
                {value === 'monthly' ? 'Monthly' : 'Yearly'}
              </label>
            ))}
          </fieldset>
          {upgrades.map((key) => (
            <Button key={key} disabled={checkout.isPending} onClick={() => checkout.mutate({ plan: key, interval })}>
              {checkout.isPending && checkout.variables?.plan === key ? (
                <Spinner label="Opening checkout" className="size-4" />
              ) : null}
              Upgrade to {plans[key].name} · {dollars(plans[key].priceCents[interval])}/
              {interval === 'monthly' ? 'month' : 'year'}
            </Button>
          ))}
          <Link to={webPaths.pricing} className="text-sm text-primary underline-offset-4 hover:underline">
            Compare plans
          </Link>
        </>
      ) : null}
      {status.canManage ? (
        <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
          {portal.isPending ? <Spinner label="Opening billing" className="size-4" /> : null}
          Manage billing
        </Button>
      ) : null}
    </div>
  );
}
