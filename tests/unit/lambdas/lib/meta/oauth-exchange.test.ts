import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { META_SCOPES } from '@shared/constants';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import {
  buildDialogUrl,
  exchangeCode,
  exchangeForLongLivedToken,
  readGrantedScopes,
  readMe,
  revokePermissions,
} from '@lambdas/lib/meta/oauth-exchange';
import { fakeFetch, fakeSleep, metaError, type ScriptedReply } from './fake-graph';

const app = { appId: '1234567890', appSecret: 'app-secret-xyz' };
const redirectUri = 'https://adsmith.example/api/meta/callback';

function transportWith(script: readonly ScriptedReply[]) {
  const fake = fakeFetch(script);
  const sleeper = fakeSleep();
  const paths: string[] = [];
  return {
    transport: { fetch: fake.fetch, sleep: sleeper.sleep, onCall: (info: { path: string }) => paths.push(info.path) },
    requests: fake.requests,
    paths,
  };
}

function userClient(script: readonly ScriptedReply[]) {
  const fake = fakeFetch(script);
  const client = createGraphClient({
    ...fakeSleep(),
    fetch: fake.fetch,
    appSecret: app.appSecret,
    accessToken: 'user-token',
  });
  return { client, requests: fake.requests };
}

describe('Meta OAuth exchange', () => {
  it('builds the dialog URL with comma-joined scopes and the state', () => {
    const url = new URL(
      buildDialogUrl({ appId: app.appId, redirectUri, scopes: META_SCOPES, state: 'adsmith_meta_u.n.1.s' }),
    );

    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v26.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: app.appId,
      redirect_uri: redirectUri,
      scope: 'ads_management,ads_read,business_management,pages_read_engagement',
      response_type: 'code',
      state: 'adsmith_meta_u.n.1.s',
    });
  });

  it('builds the dialog URL on another base and version (the sandbox)', () => {
    const url = buildDialogUrl({
      dialogBaseUrl: 'http://127.0.0.1:4010/',
      version: 'v25.0',
      appId: app.appId,
      redirectUri,
      scopes: ['ads_read'],
      state: 's',
    });
    expect(url.startsWith('http://127.0.0.1:4010/v25.0/dialog/oauth?client_id=1234567890&')).toBe(true);
  });

  it('exchanges a code for a token with the app credentials, without a user token', async () => {
    const { transport, requests, paths } = transportWith([
      { json: { access_token: 'short-token', token_type: 'bearer', expires_in: 5183 } },
    ]);

    const token = await exchangeCode({ code: 'code-1', redirectUri, ...app, transport });

    expect(token).toEqual({ access_token: 'short-token', token_type: 'bearer', expires_in: 5183 });
    const url = requests[0]!.url;
    expect(url.pathname).toBe('/v26.0/oauth/access_token');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: app.appId,
      client_secret: app.appSecret,
      redirect_uri: redirectUri,
      code: 'code-1',
    });
    expect(paths).toEqual(['/v26.0/oauth/access_token']);
  });

  it('turns a used or expired code into a plain “try again” VALIDATION_ERROR, without retrying', async () => {
    const { transport, requests } = transportWith([
      {
        status: 400,
        json: metaError(100, { message: 'This authorization code has been used.', error_subcode: 36009 }),
      },
    ]);

    await expect(exchangeCode({ code: 'used', redirectUri, ...app, transport })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Meta did not accept this sign-in. Please try connecting again.',
    });
    expect(requests).toHaveLength(1);
  });

  it('does not repeat a code exchange that timed out: the code may already be spent', async () => {
    const { transport, requests } = transportWith([{ hangUntilAborted: true }, { json: { access_token: 't' } }]);

    await expect(
      exchangeCode({ code: 'c', redirectUri, ...app, transport: { ...transport, timeoutMs: 20 } }),
    ).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(requests).toHaveLength(1);
  });

  it('exchanges a short-lived token for a long-lived one', async () => {
    const { transport, requests } = transportWith([
      { json: { access_token: 'long-token', token_type: 'bearer', expires_in: 5183944 } },
    ]);

    const token = await exchangeForLongLivedToken({ accessToken: 'short-token', ...app, transport });

    expect(token.expires_in).toBe(5183944);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: app.appId,
      client_secret: app.appSecret,
      fb_exchange_token: 'short-token',
    });
  });

  it('reads who the token belongs to, signed with appsecret_proof', async () => {
    const { client, requests } = userClient([{ json: { id: '10157', name: 'Ana Lima' } }]);

    expect(await readMe(client)).toEqual({ id: '10157', name: 'Ana Lima' });
    expect(requests[0]!.url.searchParams.get('fields')).toBe('id,name');
    expect(requests[0]!.url.searchParams.get('appsecret_proof')).toBe(
      createHmac('sha256', app.appSecret).update('user-token').digest('hex'),
    );
  });

  it('lists only granted permissions', async () => {
    const { client } = userClient([
      {
        json: {
          data: [
            { permission: 'ads_management', status: 'granted' },
            { permission: 'ads_read', status: 'granted' },
            { permission: 'business_management', status: 'declined' },
            { permission: 'pages_read_engagement', status: 'expired' },
          ],
        },
      },
    ]);

    expect(await readGrantedScopes(client)).toEqual(['ads_management', 'ads_read']);
  });

  it.each([[{ success: true }], [true]])('revokes permissions (Meta answers %j)', async (reply) => {
    const { client, requests } = userClient([{ json: reply }]);

    expect(await revokePermissions(client)).toBe(true);
    expect(requests[0]!.method).toBe('DELETE');
    expect(requests[0]!.url.pathname).toBe('/v26.0/me/permissions');
  });
});
