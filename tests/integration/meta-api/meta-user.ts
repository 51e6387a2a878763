import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { localTableName } from '@infra/twin/function-environment';
import { consent } from '../../support/meta-consent';
import { api, cognitoClient, deleteUser, signIn, signUp, twin, uniqueEmail, GOOD_PASSWORD } from '../twin-client';

/** A fresh Adsmith user, confirmed and signed in, with an API helper carrying their token. */
export async function freshUser(label: string) {
  const client = cognitoClient();
  const email = uniqueEmail(label);
  const { AdminConfirmSignUpCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  await signUp(client, email);
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }));
  const tokens = await signIn(client, email, GOOD_PASSWORD);
  const token = tokens.AccessToken!;
  const call = (path: string, init: RequestInit = {}) =>
    api(path, {
      ...init,
      token,
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
  return { email, token, call, remove: () => deleteUser(client, email) };
}

export type FreshUser = Awaited<ReturnType<typeof freshUser>>;

/** The sandbox's base URL; fails plainly when the twin started without it. */
export function sandbox(): string {
  const url = twin().meta;
  if (!url) throw new Error('The Meta sandbox is not running in the twin');
  return url;
}

export async function setFaults(faults: Record<string, unknown>): Promise<void> {
  const reply = await fetch(`${sandbox()}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!reply.ok) throw new Error(`Setting faults failed: ${reply.status} ${await reply.text()}`);
}

export async function resetFaults(): Promise<void> {
  await setFaults({ rateLimit: 0, serverError: 0, latencyMs: 0 });
}

export async function graphCallCount(): Promise<number> {
  const reply = await fetch(`${sandbox()}/__admin/calls`);
  return ((await reply.json()) as { count: number }).count;
}

/** Connects a user to the sandbox's demo Meta user through the real OAuth exchange. */
export async function connectMeta(user: FreshUser): Promise<void> {
  const config = await (await user.call('/api/meta/oauth/config')).json();
  const back = await consent(config.dialogUrl, 'continue');
  const reply = await user.call('/api/meta/oauth/callback', {
    method: 'POST',
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (reply.status !== 200) throw new Error(`Connecting failed: ${reply.status} ${await reply.text()}`);
}

/** Audit rows for a user, straight from the table. */
/** The creative elements recorded for an ad account's ads (creative_elements), as stored. */
export async function creativeElementRows(adAccountId: string) {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin().dynamodb,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const reply = await doc.send(
    new QueryCommand({
      TableName: localTableName('creativeElements'),
      KeyConditionExpression: 'ad_account_id = :a',
      ExpressionAttributeValues: { ':a': adAccountId },
    }),
  );
  doc.destroy();
  return reply.Items ?? [];
}

export async function auditRows(userSub: string) {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin().dynamodb,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const reply = await doc.send(
    new QueryCommand({
      TableName: localTableName('campaignAudit'),
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': userSub },
    }),
  );
  return reply.Items ?? [];
}
