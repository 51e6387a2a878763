import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { BillingInterval } from '@shared/billing';
import { plans, type PlanKey } from '@shared/plans';
import type { BillingStatus } from '@shared/schemas/billing';
import type { Team } from '@shared/schemas/team';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api';
import { errorCode, handleError } from '@web/lib/errors/handle-error';

/** What the pricing page shows a signed-in user: their plan marked and a real action on each card. */
export interface PricingAccount {
  /** Null while the plan loads. */
  currentPlan: PlanKey | null;
  action: (plan: PlanKey, period: BillingInterval) => ReactNode;
  notice: ReactNode;
}

const isPaid = (plan: PlanKey) => plans[plan].priceCents.monthly > 0;

/**
 * The signed-in part of /pricing, loaded only when a session exists (public
 * visitors never download it, nor the API client and zod it brings). Free users
 * upgrade through Stripe Checkout; paying users switch plan in place (prorated)
 * or open Stripe's portal to manage or cancel.
 */
export default function SignedInPricing({ render }: { render: (account: PricingAccount) => ReactNode }) {
  const [status, setStatus] = useState<BillingStatus | null>(null);
  const [team, setTeam] = useState<Team | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);

  const fetchStatus = useCallback(() => {
    // The team says whether this person owns the workspace: a member's plan is the owner's to change. Without
    // it the page offers the owner's actions (the server still refuses a member with 403).
    Promise.all([apiRequest('billingStatus'), apiRequest('getTeam').catch(() => null)]).then(
      ([billing, workspace]) => {
        setTeam(workspace);
        setStatus(billing);
      },
      (error: unknown) => {
        setLoadFailed(true);
        handleError(error, { component: 'Pricing.status', silent: true });
      },
    );
  }, []);
  useEffect(fetchStatus, [fetchStatus]);
  const retry = () => {
    setLoadFailed(false);
    fetchStatus();
  };

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      handleError(error, { component: 'Pricing.billing' });
      setBusy(null);
    }
  };
  // The browser leaves for Stripe's hosted pages: the card never touches our app.
  const checkout = (plan: PlanKey, interval: BillingInterval) =>
    run(plan, async () => {
      const { url } = await apiRequest('billingCheckout', { body: { plan, interval } });
      window.location.assign(url);
    });
  const portal = () =>
    run('portal', async () => {
      const { url } = await apiRequest('billingPortal');
      window.location.assign(url);
    });
  const switchTo = (plan: PlanKey, interval: BillingInterval) =>
    run(plan, async () => {
      let next: BillingStatus;
      try {
        next = await apiRequest('billingChangePlan', { body: { plan, interval } });
      } catch (error) {
        // A declined card is an answer, not a failure: the server's sentence names the plan kept and what to do.
        if (errorCode(error) !== 'PAYMENT_FAILED') throw error;
        setBusy(null);
        setNotice(
          <Alert variant="destructive" title="Your payment did not go through">
            {(error as Error).message}
          </Alert>,
        );
        return;
      }
      setStatus(next);
      setBusy(null);
      setNotice(
        <Alert variant="success" title={`You are now on ${plans[next.plan].name}`}>
          The difference for the rest of this billing period was charged to your card on file, and your new limits apply
          now.
        </Alert>,
      );
    });

  const action = (plan: PlanKey, interval: BillingInterval): ReactNode => {
    const name = plans[plan].name;
    const spinner = (label: string) => (busy === plan ? <Spinner label={label} className="size-4" /> : null);
    if (!status) {
      return (
        <Button className="mt-6 w-full" variant="outline" disabled>
          {loadFailed ? 'Your plan could not be loaded' : 'Checking your plan…'}
        </Button>
      );
    }
    const current = status.plan;
    if (team && team.role !== 'owner') {
      return (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          {plan === current ? 'Your workspace’s plan' : 'Your workspace owner manages billing'}
        </p>
      );
    }
    if (plan === current) {
      return isPaid(plan) ? (
        <Button className="mt-6 w-full" variant="outline" disabled={busy !== null} onClick={() => void portal()}>
          {busy === 'portal' ? <Spinner label="Opening billing" className="size-4" /> : null}
          Manage billing
        </Button>
      ) : (
        <Button className="mt-6 w-full" variant="outline" disabled>
          Your current plan
        </Button>
      );
    }
    if (!isPaid(plan)) {
      // Moving down to Free is a cancellation, which Stripe's portal handles (at period end).
      return (
        <Button className="mt-6 w-full" variant="outline" disabled={busy !== null} onClick={() => void portal()}>
          Cancel in Manage billing
        </Button>
      );
    }
    if (current === 'free') {
      return (
        <Button className="mt-6 w-full" disabled={busy !== null} onClick={() => void checkout(plan, interval)}>
          {spinner('Opening checkout')}
          Upgrade to {name}
        </Button>
      );
    }
    return (
      <Button className="mt-6 w-full" disabled={busy !== null} onClick={() => void switchTo(plan, interval)}>
        {spinner(`Switching to ${name}`)}
        Switch to {name}
      </Button>
    );
  };

  return render({
    currentPlan: status?.plan ?? null,
    action,
    notice: loadFailed ? (
      <Alert variant="destructive" title="Your plan could not be loaded">
        <Button variant="outline" size="sm" onClick={retry}>
          Try again
        </Button>
      </Alert>
    ) : team && team.role !== 'owner' ? (
      <Alert variant="info" title="Your workspace owner manages billing">
        You share the plan of <span className="[overflow-wrap:anywhere]">{team.ownerEmail}</span>’s workspace. Ask them
        to upgrade or change it.
      </Alert>
    ) : (
      notice
    ),
  });
}
