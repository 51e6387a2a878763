import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaSandbox } from '@infra/twin/meta-sandbox/server';
import {
  APP_ID,
  APP_SECRET,
  exchangeCode,
  graph,
  login,
  pressDialogButton,
  REDIRECT_URI,
  startTestSandbox,
} from './sandbox-client';

let sandbox: MetaSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox.stop();
});

async function dialog(query: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await fetch(`${sandbox.url}/v26.0/dialog/oauth?${new URLSearchParams(query)}`);
  return { status: response.status, html: await response.text() };
}

describe('OAuth dialog validation', () => {
  it('shows an error page for an unknown app', async () => {
    const { html } = await dialog({ client_id: '999', redirect_uri: REDIRECT_URI });

    expect(html).toContain('Invalid App ID');
    expect(html).not.toContain('<form');
  });

  it('requires redirect_uri', async () => {
    const { html } = await dialog({ client_id: APP_ID });

    expect(html).toContain('The parameter redirect_uri is required');
    expect(html).not.toContain('<form');
  });

  it('warns developers about unknown scopes and drops them', async () => {
    const { html } = await dialog({ client_id: APP_ID, redirect_uri: REDIRECT_URI, scope: 'ads_read,made_up_scope' });

    expect(html).toContain('Invalid Scopes: made_up_scope');
    expect(html).toContain('name="scope" value="ads_read"');
  });

  it('accepts a Facebook Login for Business config_id in place of scope', async () => {
    const { html } = await dialog({ client_id: APP_ID, redirect_uri: REDIRECT_URI, config_id: '998877' });

    expect(html).toContain('name="scope" value="ads_management,ads_read,business_management,pages_read_engagement"');
  });

  it('escapes what it echoes', async () => {
    const { html } = await dialog({
      client_id: APP_ID,
      redirect_uri: REDIRECT_URI,
      state: '"><script>alert(1)</script>',
    });

    expect(html).not.toContain('<script>');
  });
});

describe('code exchange errors', () => {
  it('refuses a wrong client secret with code 1', async () => {
    const code = (await pressDialogButton(sandbox, 'continue')).searchParams.get('code')!;
    const reply = await graph(sandbox, '/v26.0/oauth/access_token', {
      client_id: APP_ID,
      client_secret: 'nope',
      redirect_uri: REDIRECT_URI,
      code,
    });

    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      message: 'Error validating client secret.',
      type: 'OAuthException',
      code: 1,
      fbtrace_id: expect.any(String),
    });
  });

  it('refuses a code that is not one', async () => {
    const reply = await exchangeCode(sandbox, 'garbage');

    expect(reply.body.error).toMatchObject({
      message: 'Invalid verification code format.',
      type: 'OAuthException',
      code: 100,
    });
  });

  it('binds the code to the redirect_uri of the dialog', async () => {
    const code = (await pressDialogButton(sandbox, 'continue')).searchParams.get('code')!;
    const mismatch = await exchangeCode(sandbox, code, 'http://localhost:5173/elsewhere');
    const match = await exchangeCode(sandbox, code);

    expect(mismatch.body.error).toMatchObject({
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
      error_subcode: 36008,
    });
    expect(match.status).toBe(200);
  });

  it('expires codes after ten minutes', async () => {
    let now = Date.now();
    const timed = await startTestSandbox({ now: () => new Date(now) });
    try {
      const code = (await pressDialogButton(timed, 'continue')).searchParams.get('code')!;
      now += 10 * 60_000 + 1;
      const reply = await exchangeCode(timed, code);

      expect(reply.body.error).toMatchObject({ code: 100, error_subcode: 36007 });
    } finally {
      await timed.stop();
    }
  });
});

describe('revoking the app', () => {
  it('DELETE /me/permissions answers success and kills the token', async () => {
    const token = await login(sandbox);

    const revoke = await graph(sandbox, '/v26.0/me/permissions', { access_token: token }, { method: 'DELETE' });
    const after = await graph(sandbox, '/v26.0/me', { access_token: token });
    const debug = await graph(sandbox, '/v26.0/debug_token', {
      input_token: token,
      access_token: `${APP_ID}|${APP_SECRET}`,
    });

    expect(revoke.body).toEqual({ success: true });
    expect(after.status).toBe(400);
    expect(after.body.error).toMatchObject({
      message: `Error validating access token: The user has not authorized application ${APP_ID}.`,
      type: 'OAuthException',
      code: 190,
      error_subcode: 458,
    });
    expect(after.headers.get('www-authenticate')).toMatch(/^OAuth "Facebook Platform" "invalid_token"/);
    expect(debug.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 458 } });
  });

  it('DELETE /me/permissions/{name} declines one permission and writes stop working', async () => {
    const token = await login(sandbox);
    await graph(sandbox, '/v26.0/me/permissions/ads_management', { access_token: token }, { method: 'DELETE' });
    const permissions = await graph(sandbox, '/v26.0/me/permissions', { access_token: token });
    const account = (await graph(sandbox, '/v26.0/me/adaccounts', { access_token: token })).body.data[0].id;
    const campaign = (await graph(sandbox, `/v26.0/${account}/campaigns`, { access_token: token })).body.data[0].id;
    const write = await graph(
      sandbox,
      `/v26.0/${campaign}`,
      { access_token: token, status: 'PAUSED' },
      { method: 'POST' },
    );

    expect(permissions.body.data).toContainEqual({ permission: 'ads_management', status: 'declined' });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({
      message: '(#200) Requires ads_management permission to manage the object',
      type: 'OAuthException',
      code: 200,
    });
  });
});
