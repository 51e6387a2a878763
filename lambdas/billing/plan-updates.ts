import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { billingIntervals, type BillingInterval } from '@shared/billing';
import { plans, type PlanKey } from '@shared/plans';
import { tableKey } from '@shared/table-keys';
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
      Key: tableKey('userPlans', userId),
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

/**
 * The plan a subscription pays for: its price's lookup key (the price is what Stripe charges), then our own metadata
 * for a price without one. Metadata alone is not trusted: it can lag the price (a pending update, a dashboard edit).
 */
export function planOfSubscription(
  subscription: Stripe.Subscription,
): { plan: PlanKey; interval: BillingInterval } | null {
  const price = subscription.items.data[0]?.price;
  const fromKey = /^adsmith_(\w+?)_(monthly|yearly)$/.exec(price?.lookup_key ?? '');
  const plan = fromKey?.[1] ?? subscription.metadata.plan;
  const interval =
    (fromKey?.[2] as BillingInterval | undefined) ??
    (price?.recurring?.interval === 'year' ? 'yearly' : price?.recurring ? 'monthly' : undefined) ??
    (subscription.metadata.interval as BillingInterval | undefined);
  if (!plan || !(plan in plans) || !interval || !billingIntervals.includes(interval)) return null;
  return { plan: plan as PlanKey, interval };
}

/** Stripe states in which a payment is owed and has failed. */
const UNPAID = new Set(['past_due', 'unpaid']);

/**
 * Records a subscription as Stripe has it now (callers fetch it fresh, so event order does not matter). Two
 * handlers racing write in the order they read: a write holding an older read than the row's is dropped.
 */
export async function recordSubscription(
  deps: BillingDeps,
  userId: string,
  subscription: Stripe.Subscription,
  readAt = Date.now(),
): Promise<void> {
  const paid = planOfSubscription(subscription);
  if (!paid) throw new Error(`Subscription ${subscription.id} names no Adsmith plan`);
  const item = subscription.items.data[0];
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.tables.userPlans,
        Key: tableKey('userPlans', userId),
        UpdateExpression:
          'SET #plan = :plan, #interval = :interval, subscription_status = :status, stripe_customer_id = :customer, ' +
          'stripe_subscription_id = :subscription, current_period_end = :end, cancel_at_period_end = :cancel, ' +
          'payment_failed = :failed, stripe_read_at = :read, updated_at = :now',
        ConditionExpression: 'attribute_not_exists(stripe_read_at) OR stripe_read_at <= :read',
        ExpressionAttributeNames: { '#plan': 'plan', '#interval': 'interval' },
        ExpressionAttributeValues: {
          ':plan': subscription.status === 'canceled' ? 'free' : paid.plan,
          ':interval': paid.interval,
          ':status': subscription.status,
          ':customer': typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
          ':subscription': subscription.id,
          ':end': item?.current_period_end ?? 0,
          ':cancel': subscription.cancel_at_period_end,
          ':failed': UNPAID.has(subscription.status),
          ':read': readAt,
          ':now': now(deps),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

const now = (deps: BillingDeps) => (deps.now?.() ?? new Date()).toISOString();
