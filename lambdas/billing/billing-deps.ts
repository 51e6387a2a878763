import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';

/** What billing's logic needs, passed in so tests give fakes and the handler the real clients. */
export interface BillingDeps {
  stripe: Stripe;
  doc: DynamoDBDocumentClient;
  tables: { userPlans: string; stripeEvents: string };
  siteUrl: string;
  /** The user's email from their pool attributes (access tokens carry none): receipts and Slack name them. */
  emailOf(user: { sub: string; username: string; email?: string }): Promise<string | undefined>;
  now?: () => Date;
}
