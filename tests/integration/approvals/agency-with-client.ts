import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { InvitationCreatedSchema } from '@shared/schemas/team';
import { WORKSPACE_HEADER } from '@shared/workspace-roles';
import { confirmedUser, twinDocumentClient } from '../ai/ai-user';
import { connectMeta, type FreshUser } from '../meta-api/meta-user';
import { api, cognitoClient, deleteUser } from '../twin-client';

/**
 * What the approvals integration files start from: an agency on a running Agency plan (its seats hold a client),
 * a person who accepted the agency's invitation as its read-only client, and the agency's Meta connected (its USD
 * ad account found).
 */
export type Person = Awaited<ReturnType<typeof confirmedUser>> & FreshUser;

/** A confirmed person of the test's own, whose calls carry their token and JSON headers. */
export async function person(label: string): Promise<Person> {
  const cognito = cognitoClient();
  const user = await confirmedUser(cognito, label);
  const call = (path: string, init: RequestInit = {}) =>
    api(path, {
      ...init,
      token: user.token,
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    });
  return { ...user, call, remove: () => deleteUser(cognito, user.email) };
}

/** A JSON call, in the caller's own workspace or in `workspace`. */
export const send = (user: Person, path: string, method: string, body: unknown, workspace?: string) =>
  user.call(path, {
    method,
    body: JSON.stringify(body),
    ...(workspace ? { headers: { [WORKSPACE_HEADER]: workspace } } : {}),
  });

/** The agency (Agency plan, Meta connected) and its client (the `client` role in the agency's workspace). */
export async function agencyWithClient(label: string): Promise<{ agency: Person; client: Person; usdAccount: string }> {
  const [agency, client] = await Promise.all([person(`${label}-agency`), person(`${label}-client`)]);
  const doc = twinDocumentClient();
  try {
    await doc.send(
      new PutCommand({
        TableName: localTableName('userPlans'),
        Item: {
          user_id: agency.sub,
          plan: 'agency',
          interval: 'monthly',
          subscription_status: 'active',
          current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
        },
      }),
    );
  } finally {
    doc.destroy();
  }
  const invited = await send(agency, '/api/team/invitations', 'POST', { email: client.email, role: 'client' });
  expect(invited.status).toBe(201);
  const token = new URL(InvitationCreatedSchema.parse(await invited.json()).link).searchParams.get('token');
  expect((await send(client, '/api/team/accept', 'POST', { token })).status).toBe(200);
  await connectMeta(agency);
  const accounts = (await (await agency.call('/api/meta/ad-accounts')).json()) as {
    data: Array<{ id: string; currency: string }>;
  };
  return { agency, client, usdAccount: accounts.data.find((a) => a.currency === 'USD')!.id };
}
