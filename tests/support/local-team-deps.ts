import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localTableName } from '@infra/twin/function-environment';
import type { TeamDeps } from '@lambdas/team/team';

/**
 * The team logic's deps on the real tables in local DynamoDB, at the test's clock, with the pool's verified emails by
 * username from the test's map; the test says what becomes of invitations and detaches (it watches them, or none).
 */
export function localTeamDeps({
  doc,
  now,
  emails,
  ...told
}: {
  doc: DynamoDBDocumentClient;
  now: () => Date;
  emails: ReadonlyMap<string, { email: string; verified: boolean }>;
} & Pick<TeamDeps, 'sendInvitation' | 'announceDetached'>): TeamDeps {
  return {
    doc,
    tables: {
      memberships: localTableName('workspaceMemberships'),
      invitations: localTableName('teamInvitations'),
      audit: localTableName('campaignAudit'),
      userPlans: localTableName('userPlans'),
    },
    counters: { doc, table: localTableName('quotaUsage'), now },
    siteUrl: 'http://site.test',
    emailOf: async (user) => emails.get(user.username),
    now,
    ...told,
  };
}
