import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { tableKey } from '@shared/table-keys';
import { AppError } from '../lib/errors';
import type { RequestUser } from '../lib/http/request-user';
import { readMembership } from '../lib/team/workspace';
import type { Uploader } from '../lib/customer-lists/customer-upload-audit';

/**
 * Customer data is the workspace owner's: the owner uploads customer lists, and a member only once the owner has
 * allowed it (issue 30, req 4). The permission is a flag on the member's row in `workspace_memberships`, so it goes
 * when the member leaves or is removed.
 */
export interface UploadPermissionDeps {
  doc: DynamoDBDocumentClient;
  membershipsTable: string;
}

/** Owners (and solo users) may; a member only with the owner's permission, read from their row now. */
export async function mayUploadCustomers(user: RequestUser, deps: UploadPermissionDeps): Promise<boolean> {
  if (!user.actor) return true;
  const membership = await readMembership(deps.doc, deps.membershipsTable, user.actor, user.sub);
  return membership?.customer_data_uploads === true;
}

/** The person uploading, once it is known they may (CUSTOMER_UPLOAD_NOT_ALLOWED otherwise). */
export async function assertMayUploadCustomers(user: RequestUser, deps: UploadPermissionDeps): Promise<Uploader> {
  if (!user.actor) return { id: user.sub, ...(user.email ? { email: user.email } : {}), owner: true };
  const membership = await readMembership(deps.doc, deps.membershipsTable, user.actor, user.sub);
  if (membership?.customer_data_uploads !== true) throw new AppError('CUSTOMER_UPLOAD_NOT_ALLOWED');
  return { id: user.actor, email: membership.email, owner: false };
}

/** The owner allows or stops a member's customer-list uploads; NOT_FOUND for anyone not in their workspace. */
export async function setCustomerUploadPermission(
  owner: RequestUser,
  memberId: string,
  allowed: boolean,
  deps: UploadPermissionDeps,
): Promise<{ memberId: string; allowed: boolean }> {
  try {
    await deps.doc.send(
      new UpdateCommand({
        TableName: deps.membershipsTable,
        Key: tableKey('workspaceMemberships', memberId, owner.sub),
        UpdateExpression: 'SET customer_data_uploads = :allowed',
        ConditionExpression: 'workspace_id = :owner',
        ExpressionAttributeValues: { ':allowed': allowed, ':owner': owner.sub },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      throw new AppError('NOT_FOUND', 'No member of your workspace has that id.');
    throw error;
  }
  return { memberId, allowed };
}
