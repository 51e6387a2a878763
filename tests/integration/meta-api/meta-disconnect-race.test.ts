import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECONNECT_DURING_DISCONNECT_MESSAGE } from '@lambdas/lib/meta-connection/connection-store';
import { consent } from '../../support/meta-consent';
import { connectMeta, freshUser, resetFaults, setFaults, type FreshUser } from './meta-user';

/**
 * A disconnect racing an OAuth callback. Meta's `DELETE /me/permissions` revokes every token of that Meta
 * user for the app (the sandbox does the same), so a reconnect whose token was exchanged while a disconnect
 * was revoking must not be stored as a working connection. With every Graph call slowed to 2 s, the
 * callback's three exchange steps end at about 6 s; the disconnect starts at 5 s, so it turns the row into
 * a tombstone before the callback saves and its revoke reaches Meta after the callback's last call.
 */

const LATENCY_MS = 2_000;

async function dialogCode(user: FreshUser): Promise<URL> {
  const config = (await (await user.call('/api/meta/oauth/config')).json()) as { dialogUrl: string };
  return consent(config.dialogUrl, 'continue');
}

function callback(user: FreshUser, back: URL) {
  return user.call('/api/meta/oauth/callback', {
    method: 'POST',
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
}

describe('disconnect racing an OAuth callback', () => {
  let user: FreshUser;
  beforeAll(async () => {
    user = await freshUser('meta-disconnect-race');
    await connectMeta(user);
  });
  afterEach(async () => {
    await resetFaults();
  });
  afterAll(async () => {
    await user?.remove();
  });

  it('never leaves a connection whose token the disconnect revoked: the reconnect is refused plainly, and a new one works', async () => {
    const back = await dialogCode(user);
    await setFaults({ latencyMs: LATENCY_MS });

    const reconnecting = callback(user, back);
    await new Promise((resolve) => setTimeout(resolve, 2.5 * LATENCY_MS));
    const disconnecting = user.call('/api/meta/connection', { method: 'DELETE' });
    const [reconnected, disconnected] = await Promise.all([reconnecting, disconnecting]);
    await resetFaults();

    expect(disconnected.status).toBe(200);
    // Before the fix the callback answered 200 here and stored a token Meta had just revoked.
    expect(reconnected.status).not.toBe(200);
    if (reconnected.status === 409) {
      expect(((await reconnected.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: 'CONFLICT',
        message: RECONNECT_DURING_DISCONNECT_MESSAGE,
      });
    }
    const status = (await (await user.call('/api/meta/connection')).json()) as {
      isConnected: boolean;
      needsReconnect?: boolean;
    };
    expect(status.isConnected).toBe(false);
    expect(status.needsReconnect ?? false).toBe(false);

    // Connecting again afterwards works, and its token reads Meta.
    await connectMeta(user);
    expect((await user.call('/api/meta/ad-accounts')).status).toBe(200);
  }, 90_000);

  it('a disconnect that read the old connection leaves a reconnect that replaced it alone', async () => {
    // The reconnect lands first; the disconnect then reads and ends the connection it finds (the new
    // one), which is what the person asked for last. What it never does is end a connection it did not
    // read: that case is the conditional tombstone (connection-store tests, "a newer one survives").
    await connectMeta(user);
    const disconnected = await user.call('/api/meta/connection', { method: 'DELETE' });
    expect(disconnected.status).toBe(200);
    const status = (await (await user.call('/api/meta/connection')).json()) as { isConnected: boolean };
    expect(status.isConnected).toBe(false);
    await connectMeta(user);
    expect((await (await user.call('/api/meta/connection')).json()) as { isConnected: boolean }).toMatchObject({
      isConnected: true,
    });
  }, 60_000);
});
