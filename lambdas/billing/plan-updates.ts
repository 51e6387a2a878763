import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { billingIntervals, type BillingInterval } from '@shared/billing';
import { plans, type PlanKey } from '@shared/plans';
import { tables } from '@shared/tables';
import type { BillingDeps } from './billing-deps';

/**
 * Writes to a user's plan row. Each write sets only the fields it knows, so a
 * late or repeated webhook never erases what another one recorded.
 */
export async function recordCustomer(
  deps: BillingDeps,
  userId: string,
  customerId: string,
  email: string | undefined,
): Promise<void> {
  await deps.doc.send(
    new UpdateCommand({
      TableName: deps.tables.userPlans,
      Key: { user_id: userId },
      UpdateExpression: `SET stripe_customer_id = :customer, ${email ? 'email = :email, ' : ''}#plan = if_not_exists(#plan, :free), updated_at = :now`,
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: {
        ':customer': customerId,
        ':free': 'free',
        ':now': now(deps),
        ...(email ? { ':email': email } : {}),
      },
    }),
  );
}

/** The user a Stripe customer belongs to, through the table's customer index. */
export async function userOfCustomer(deps: BillingDeps, customerId: string): Promise<string | undefined> {
  const index = tables.userPlans.globalIndexes[0];
  const reply = await deps.doc.send(
    new QueryCommand({
      TableName: deps.tables.userPlans,
      IndexName: index.name,
      KeyConditionExpression: '#customer = :customer',
      ExpressionAttributeNames: { '#customer': index.partitionKey.name },
      ExpressionAttributeValues: { ':customer': customerId },
      Limit: 1,
    }),
  );
  return reply.Items?.[0]?.user_id as string | undefined;
}

/** The plan a subscription pays for: our own metadata first, then the price's lookup key. */
export function planOfSubscription(
  subscription: Stripe.Subscription,
): { plan: PlanKey; interval: BillingInterval } | null {
  const price = subscription.items.data[0]?.price;
  const fromKey = /^adsmith_(\w+?)_(monthly|yearly)$/.exec(price?.lookup_key ?? '');
  const plan = subscription.metadata.plan ?? fromKey?.[1];
  const interval =
    (subscription.metadata.interval as BillingInterval | undefined) ??
    (fromKey?.[2] as BillingInterval | undefined) ??
    (price?.recurring?.interval === 'year' ? 'yearly' : 'monthly');
  if (!plan || !(plan in plans) || !billingIntervals.includes(interval)) return null;
  return { plan: plan as PlanKey, interval };
}

/** Records a subscription as Stripe has it now (callers fetch it fresh, so event order does not matter). */
export async function recordSubscription(
  deps: BillingDeps,
  userId: string,
  subscription: Stripe.Subscription,
): Promise<void> {
  const paid = planOfSubscription(subscription);
  if (!paid) throw new Error(`Subscription ${subscription.id} names no Adsmith plan`);
  const item = subscription.items.data[0];
  await deps.doc.send(
    new UpdateCommand({
      TableName: deps.tables.userPlans,
      Key: { user_id: userId },
      UpdateExpression:
        'SET #plan = :plan, #interval = :interval, subscription_status = :status, stripe_customer_id = :customer, ' +
        'stripe_subscription_id = :subscription, current_period_end = :end, cancel_at_period_end = :cancel, ' +
        'payment_failed = if_not_exists(payment_failed, :false), updated_at = :now',
      ExpressionAttributeNames: { '#plan': 'plan', '#interval': 'interval' },
      ExpressionAttributeValues: {
        ':plan': subscription.status === 'canceled' ? 'free' : paid.plan,
        ':interval': paid.interval,
        ':status': subscription.status,
        ':customer': typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
        ':subscription': subscription.id,
        ':end': item?.current_period_end ?? 0,
        ':cancel': subscription.cancel_at_period_end,
        ':false': false,
        ':now': now(deps),
      },
    }),
  );
}

export async function recordPaymentOutcome(deps: BillingDeps, userId: string, failed: boolean): Promise<void> {
  await deps.doc.send(
    new UpdateCommand({
      TableName: deps.tables.userPlans,
      Key: { user_id: userId },
      UpdateExpression: 'SET payment_failed = :failed, updated_at = :now',
      ExpressionAttributeValues: { ':failed': failed, ':now': now(deps) },
    }),
  );
}

const now = (deps: BillingDeps) => (deps.now?.() ?? new Date()).toISOString();
