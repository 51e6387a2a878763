import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PRODUCT_NAME } from '@shared/constants';
import { ApprovalSenderNameSchema } from '@shared/schemas/approvals';
import { readReportSenderName } from '../reports/report-store';
import { readMembership } from '../team/workspace';

/**
 * The From name of an email sent for a workspace when the sender gave none (issue 28 req 4: "the agency's sender
 * name"): the workspace's Reports sender name (the agency's name as its clients know it), else the workspace's
 * name (a client workspace's, on the acting person's membership), else the product's. Never empty, and always a
 * name the From header can carry.
 */
export interface SenderNameSources {
  reportSenderName: () => Promise<string | undefined>;
  workspaceName: () => Promise<string | undefined>;
}

export async function defaultSenderName(sources: SenderNameSources): Promise<string> {
  for (const read of [sources.reportSenderName, sources.workspaceName]) {
    // A workspace's name may hold what a From name cannot (quotes, angle brackets): those become spaces.
    const cleaned = ((await read()) ?? '')
      .replace(/[<>"\r\n]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 64);
    const parsed = ApprovalSenderNameSchema.safeParse(cleaned);
    if (parsed.success) return parsed.data;
  }
  return PRODUCT_NAME;
}

/** The sources from the tables: the reports settings and the actor's membership of the workspace. */
export function senderNameSources(
  tables: { doc: DynamoDBDocumentClient; reports: string; memberships: string },
  workspaceId: string,
  actor: string | undefined,
): SenderNameSources {
  return {
    reportSenderName: () => readReportSenderName({ doc: tables.doc, table: tables.reports }, workspaceId),
    // An owner's own workspace has no name; a workspace they were invited into (or made for a client) does.
    workspaceName: async () =>
      actor && actor !== workspaceId
        ? (await readMembership(tables.doc, tables.memberships, actor, workspaceId))?.workspace_name
        : undefined,
  };
}
