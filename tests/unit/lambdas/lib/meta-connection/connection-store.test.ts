import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import {
  beginDisconnect,
  DISCONNECT_STALE_MS,
  finishDisconnect,
  readConnection,
  RECONNECT_DURING_DISCONNECT_MESSAGE,
  saveConnection as saveWithExchangeTime,
  type ConnectionTable,
  type NewConnection,
} from '@lambdas/lib/meta-connection/connection-store';
import { kmsTokenCipher } from '@lambdas/lib/meta-connection/token-cipher';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
let store: ConnectionTable;
const table = localTableName('userMetaConnections');
const ALIAS = 'alias/adsmith-test-meta-tokens';
let seq = 0;

beforeAll(async () => {
  aws = await startLocalAws({ kmsAliases: [ALIAS] });
  store = { doc: aws.doc, table, cipher: kmsTokenCipher(aws.kms, aws.keyArnOf(ALIAS)) };
}, 60_000);
afterAll(() => aws?.stop());

const connection = (userId: string, token: string, extra: Partial<NewConnection> = {}): NewConnection => ({
  user_id: userId,
  meta_user_id: '9001',
  meta_user_name: 'Demo Marketer',
  access_token: token,
  token_expires_at: 2_000_000_000,
  scopes: ['ads_read'],
  connected_at: '2026-11-01T00:00:00.000Z',
  connection_id: `c-${userId}-${++seq}`,
  ...extra,
});

/** A save whose code exchange began just now (the callback passes the time before its exchange). */
const saveConnection = (store: ConnectionTable, input: NewConnection, exchangeStartedAt = new Date()) =>
  saveWithExchangeTime(store, input, { exchangeStartedAt });

const rawRow = async (userId: string) =>
  (await aws.doc.send(new GetCommand({ TableName: table, Key: { user_id: userId } }))).Item;

describe('Meta connection store: tokens encrypted at field level', () => {
  it('stores only ciphertext: a table read alone never yields the token', async () => {
    await saveConnection(store, connection('u-enc', 'EAAsecret-token-1'));

    const raw = await rawRow('u-enc');
    expect(raw).toBeDefined();
    expect(raw).not.toHaveProperty('access_token');
    expect(JSON.stringify(raw)).not.toContain('EAAsecret-token-1');
    expect(typeof raw!.access_token_encrypted).toBe('string');

    expect((await readConnection(store, 'u-enc'))?.access_token).toBe('EAAsecret-token-1');
  });

  it("a ciphertext copied onto another user's row does not open (encryption context = user id)", async () => {
    await saveConnection(store, connection('u-victim', 'EAAvictim'));
    const stolen = (await rawRow('u-victim'))!.access_token_encrypted as string;
    await aws.doc.send(
      new PutCommand({
        TableName: table,
        Item: { ...(await rawRow('u-victim')), user_id: 'u-attacker', access_token_encrypted: stolen },
      }),
    );

    expect(await readConnection(store, 'u-attacker')).toBeNull();
  });

  it('a plaintext row from before encryption is read, then re-written encrypted on first use', async () => {
    const legacy = { ...connection('u-legacy', 'EAAlegacy'), declined_scopes: undefined, connection_id: undefined };
    await aws.doc.send(new PutCommand({ TableName: table, Item: legacy }));

    const read = await readConnection(store, 'u-legacy');
    expect(read).toMatchObject({ access_token: 'EAAlegacy', connection_id: 'legacy', declined_scopes: [] });

    const raw = await rawRow('u-legacy');
    expect(raw).not.toHaveProperty('access_token');
    expect(JSON.stringify(raw)).not.toContain('EAAlegacy');
    expect((await readConnection(store, 'u-legacy'))?.access_token).toBe('EAAlegacy');
  });

  it('saving returns the connection it replaced, decrypted, so its token can be revoked', async () => {
    expect(await saveConnection(store, connection('u-swap', 'EAAfirst'))).toBeNull();
    const replaced = await saveConnection(store, connection('u-swap', 'EAAsecond', { meta_user_id: '9002' }));
    expect(replaced).toMatchObject({ access_token: 'EAAfirst', meta_user_id: '9001' });
  });

  it('of racing saves, each learns exactly the one it replaced', async () => {
    await saveConnection(store, connection('u-race', 'EAA0'));
    const replaced = await Promise.all(
      ['EAA1', 'EAA2', 'EAA3'].map((token) => saveConnection(store, connection('u-race', token))),
    );
    const final = (await readConnection(store, 'u-race'))!.access_token;
    const seen = replaced.map((r) => r!.access_token);
    // Every token but the survivor was replaced exactly once.
    expect([...seen, final].sort()).toEqual(['EAA0', 'EAA1', 'EAA2', 'EAA3']);
  });

  it('begins a disconnect only on the connection that was read: a newer one survives', async () => {
    await saveConnection(store, connection('u-del', 'EAAold'));
    const old = (await readConnection(store, 'u-del'))!;
    await saveConnection(store, connection('u-del', 'EAAnew'));

    expect(await beginDisconnect(store, 'u-del', old.connection_id, new Date())).toBe(false);
    expect((await readConnection(store, 'u-del'))?.access_token).toBe('EAAnew');

    const current = (await readConnection(store, 'u-del'))!;
    expect(await beginDisconnect(store, 'u-del', current.connection_id, new Date())).toBe(true);
    expect(await readConnection(store, 'u-del')).toBeNull();
    // The tombstone keeps nothing of the token or the Meta user.
    expect(Object.keys((await rawRow('u-del'))!).sort()).toEqual(['connection_id', 'disconnect_started_at', 'user_id']);
  });

  it("refuses a reconnect whose code exchange began before the disconnect's revoke finished, or while it runs", async () => {
    await saveConnection(store, connection('u-revoke', 'EAAold'));
    const old = (await readConnection(store, 'u-revoke'))!;
    const reconnectStarted = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect(await beginDisconnect(store, 'u-revoke', old.connection_id, new Date())).toBe(true);
    // Under way (Meta is revoking every token of this Meta user): a reconnect now might hold a dead token.
    await expect(saveConnection(store, connection('u-revoke', 'EAAduring'), new Date())).rejects.toMatchObject({
      code: 'CONFLICT',
      message: RECONNECT_DURING_DISCONNECT_MESSAGE,
    });
    await finishDisconnect(store, 'u-revoke', old.connection_id, new Date());
    // Exchanged before the revoke finished: refused; begun after it: kept.
    await expect(saveConnection(store, connection('u-revoke', 'EAAearly'), reconnectStarted)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveConnection(store, connection('u-revoke', 'EAAafter'), new Date());
    expect((await readConnection(store, 'u-revoke'))?.access_token).toBe('EAAafter');
  });

  it('a disconnect that never finished (its function died) stops holding reconnects back after a minute', async () => {
    await saveConnection(store, connection('u-stuck', 'EAAold'));
    const old = (await readConnection(store, 'u-stuck'))!;
    const started = new Date();
    expect(await beginDisconnect(store, 'u-stuck', old.connection_id, started)).toBe(true);
    await saveConnection(
      store,
      connection('u-stuck', 'EAAlater'),
      new Date(started.getTime() + DISCONNECT_STALE_MS + 1),
    );
    expect((await readConnection(store, 'u-stuck'))?.access_token).toBe('EAAlater');
  });
});
