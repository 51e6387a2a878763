import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { consent } from '../../support/meta-consent';
import { twin } from '../twin-client';
import { freshUser, resetFaults, setFaults, type FreshUser } from './meta-user';

const errorOf = async (reply: Response) => ((await reply.json()) as { error: { code: string; message: string } }).error;

async function dialogFor(user: FreshUser, query = '') {
  return (await (await user.call(`/api/meta/oauth/config${query}`)).json()) as { dialogUrl: string; state: string };
}

function callback(user: FreshUser, back: URL) {
  return user.call('/api/meta/oauth/callback', {
    method: 'POST',
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
}

async function connectionRow(sub: string) {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin().dynamodb,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const reply = await doc.send(
    new GetCommand({ TableName: localTableName('userMetaConnections'), Key: { user_id: sub } }),
  );
  doc.destroy();
  return reply.Item;
}

const subOf = (user: FreshUser) => JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sub;

describe('Meta OAuth edge cases', () => {
  let user: FreshUser;
  beforeAll(async () => {
    user = await freshUser('meta-oauth-edges');
  });
  afterEach(() => resetFaults());
  afterAll(() => user.remove());

  it('a transient Meta failure during the exchange can be retried with the same callback, which stays single-use', async () => {
    const back = await consent((await dialogFor(user)).dialogUrl, 'continue');
    // More failures than the client's retries: Meta stays down for this attempt.
    await setFaults({ serverError: 20 });

    const failed = await callback(user, back);
    expect(failed.status).toBe(502);
    expect((await errorOf(failed)).code).toBe('UPSTREAM_ERROR');
    await resetFaults();

    const retried = await callback(user, back);
    expect(retried.status).toBe(200);
    expect((await retried.json()).isConnected).toBe(true);

    const replay = await callback(user, back);
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).code).toBe('VALIDATION_ERROR');
  });

  it('of racing callbacks with one state, exactly one connects; the rest are refused', async () => {
    const back = await consent((await dialogFor(user)).dialogUrl, 'continue');
    const replies = await Promise.all([callback(user, back), callback(user, back), callback(user, back)]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
  });

  it('stores the token only encrypted: the table row holds no usable token', async () => {
    const row = await connectionRow(subOf(user));
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('access_token');
    expect(typeof row!.access_token_encrypted).toBe('string');
    expect(JSON.stringify(row)).not.toMatch(/EAA[A-Za-z0-9]{20}/);
    // …and the API still works with it.
    expect((await user.call('/api/meta/ad-accounts')).status).toBe(200);
  });
});

describe('partial permissions', () => {
  let user: FreshUser;
  beforeAll(async () => {
    user = await freshUser('meta-partial');
  });
  afterAll(() => user.remove());

  it('records a declined ads_read, says so, and asks again only with auth_type=rerequest', async () => {
    const back = await consent((await dialogFor(user)).dialogUrl, 'continue', { untick: ['ads_read'] });
    const reply = await callback(user, back);
    expect(reply.status).toBe(200);
    const connection = await reply.json();
    expect(connection.declinedScopes).toEqual(['ads_read']);
    expect(connection.scopes).not.toContain('ads_read');
    expect(connection.scopes).toContain('ads_management');
    expect((await (await user.call('/api/meta/connection')).json()).declinedScopes).toEqual(['ads_read']);

    // Without rerequest Meta does not ask again: the dialog leaves ads_read out and it stays declined.
    const plain = await dialogFor(user);
    expect(new URL(plain.dialogUrl).searchParams.get('auth_type')).toBeNull();
    const plainPage = await (await fetch(plain.dialogUrl)).text();
    expect(plainPage).not.toContain('name="grant_ads_read"');

    // With rerequest it is asked for again, and granting it connects fully.
    const again = await dialogFor(user, '?rerequest=true');
    expect(new URL(again.dialogUrl).searchParams.get('auth_type')).toBe('rerequest');
    expect(await (await fetch(again.dialogUrl)).text()).toContain('name="grant_ads_read"');
    const regranted = await callback(user, await consent(again.dialogUrl, 'continue'));
    expect(regranted.status).toBe(200);
    const full = await regranted.json();
    expect(full.scopes).toEqual(expect.arrayContaining(['ads_read', 'ads_management']));
    expect(full.declinedScopes).toEqual([]);
  });

  it('refuses an unknown rerequest value', async () => {
    const reply = await user.call('/api/meta/oauth/config?rerequest=maybe');
    expect(reply.status).toBe(400);
  });
});
