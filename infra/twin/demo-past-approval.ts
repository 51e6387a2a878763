import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currencyOffset } from '@shared/currency-units';
import { StoredRecommendationSchema, type StoredRecommendation } from '@shared/schemas/optimizer';
import { countRange, resultsAt } from '@lambdas/lib/optimizer/detectors';
import { recordAttribute, storedId } from '@lambdas/lib/optimizer/recommendation-rows';
import type { PastApproval } from './meta-sandbox/seeded-past-approval';

/**
 * `npm run dev` only: the demo user's record of the budget raise the sandbox seeded some days ago
 * (meta-sandbox/seeded-past-approval.ts), stored as the optimizer stores an approved
 * recommendation, with the prediction the budget-limited-winner detector makes from the week
 * before. Once the demo user connects Meta, /optimizer/applied measures it from the sandbox's
 * insights like any other. Written again at every start (the sandbox's world is seeded relative to
 * today), which also clears a stored outcome, so it is measured afresh.
 */

const DEMO_SUFFIX = 'seeded-demo';

export function demoRecommendation(approval: PastApproval): StoredRecommendation {
  const offset = currencyOffset(approval.currency);
  const round = (value: number) => Math.round(value * 100) / 100;
  const factor = approval.budgetAfter / approval.budgetBefore;
  const results = approval.resultsWeekBefore;
  const [low, high] = countRange(results).map((r) => resultsAt(r, factor)) as [number, number];
  const expected = resultsAt(results, factor);
  const costPerResult = round(approval.spendWeekBefore / results);
  const evidence = {
    results,
    costPerResult,
    dailyBudget: round(approval.budgetBefore / offset),
    newDailyBudget: round(approval.budgetAfter / offset),
    days: 7,
  };
  const change = { dailyBudget: approval.budgetAfter };
  const appliedAt = approval.appliedAt.toISOString();
  const values = (dailyBudget: number) => ({ status: approval.status, dailyBudget, lifetimeBudget: null });
  return StoredRecommendationSchema.parse({
    id: storedId(approval.adAccountId, `budget_limited_winner.${approval.objectId}.${DEMO_SUFFIX}`),
    kind: 'budget_limited_winner',
    level: approval.level,
    objectId: approval.objectId,
    objectName: approval.objectName,
    campaignId: approval.campaignId,
    title: `Raise “${approval.objectName}” from ${evidence.dailyBudget} to ${evidence.newDailyBudget} a day`,
    why: `It got ${evidence.results} results over ${evidence.days} days at ${evidence.costPerResult} each and spent its whole budget.`,
    evidence,
    expectedEffect: { metric: 'results_per_week', low: round(low), expected: round(expected), high: round(high) },
    valuePerWeek: round(expected * costPerResult),
    confidence: 0.8,
    changes: [
      {
        level: approval.level,
        objectId: approval.objectId,
        objectName: approval.objectName,
        change,
        before: { dailyBudget: approval.budgetBefore },
      },
    ],
    adAccountId: approval.adAccountId,
    currency: approval.currency,
    status: 'applied',
    generatedAt: new Date(approval.appliedAt.getTime() - 3_600_000).toISOString(),
    appliedAt,
    undoUntil: new Date(approval.appliedAt.getTime() + 24 * 3_600_000).toISOString(),
    applied: [
      {
        level: approval.level,
        objectId: approval.objectId,
        objectName: approval.objectName,
        change,
        changeId: DEMO_SUFFIX,
        before: values(approval.budgetBefore),
        after: values(approval.budgetAfter),
      },
    ],
  });
}

/** Stores the demo user's applied recommendation (the demo user is found by email in the user pool). */
export async function seedDemoPastApproval(deps: {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  demoEmail: string;
  doc: DynamoDBDocumentClient;
  table: string;
  approval: PastApproval;
  now: Date;
}): Promise<void> {
  const user = await deps.cognito.send(
    new AdminGetUserCommand({ UserPoolId: deps.userPoolId, Username: deps.demoEmail }),
  );
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('The demo user has no sub attribute');
  const record = demoRecommendation(deps.approval);
  await deps.doc.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        user_id: sub,
        recommendation_id: record.id,
        status: record.status,
        record: recordAttribute(record),
        expires_at: Math.floor(deps.now.getTime() / 1000) + 30 * 86_400,
      },
    }),
  );
}
