/**
 * Issue 28's one-time copy: memberships from the old `team_memberships` table (one row per member, keyed by person)
 * into `workspace_memberships` (one row per person and workspace, with a role). Rows written before roles were
 * named become `member`, as the product reads them. A row already in the new table is left as it is, so the copy
 * can be run again (or after people joined new workspaces) without undoing anything.
 *
 *   npm run migrate:memberships -- --stage prod --region eu-west-1
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { physicalTableName, stageNamePrefix } from '@shared/physical-names';
import { tables } from '@shared/tables';

export interface CopyOutcome {
  read: number;
  copied: number;
  alreadyThere: number;
}

export async function copyTeamMemberships(doc: DynamoDBDocumentClient, from: string, to: string): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { read: 0, copied: 0, alreadyThere: 0 };
  for await (const page of paginateScan({ client: doc }, { TableName: from, ConsistentRead: true })) {
    for (const row of page.Items ?? []) {
      outcome.read += 1;
      try {
        await doc.send(
          new PutCommand({
            TableName: to,
            Item: { ...row, role: typeof row.role === 'string' ? row.role : 'member' },
            ConditionExpression: 'attribute_not_exists(user_id)',
          }),
        );
        outcome.copied += 1;
      } catch (error) {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
        outcome.alreadyThere += 1;
      }
    }
  }
  return outcome;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { stage: { type: 'string' }, region: { type: 'string' } } });
  if (!values.stage || !values.region)
    throw new Error('Usage: npm run migrate:memberships -- --stage <stage> --region <region>');
  const prefix = stageNamePrefix(values.stage);
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: values.region }));
  const outcome = await copyTeamMemberships(
    doc,
    physicalTableName(prefix, tables.teamMemberships),
    physicalTableName(prefix, tables.workspaceMemberships),
  );
  console.log(
    `memberships: ${outcome.read} read, ${outcome.copied} copied, ${outcome.alreadyThere} already in workspace_memberships`,
  );
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
