import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { api, signIn, twin, cognitoClient } from './twin-client';

describe('local gateway: public routes and API Gateway replies', () => {
  it('GET /api/health answers 200 {"status":"ok"}', async () => {
    const reply = await api('/api/health');

    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown route with API Gateway\'s 404 {"message":"Not Found"}', async () => {
    const reply = await api('/api/does-not-exist');

    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({ message: 'Not Found' });
  });

  it('answers a known path with another method as an unknown route (HTTP APIs have no 405)', async () => {
    const reply = await api('/api/health', { method: 'DELETE' });

    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({ message: 'Not Found' });
  });

  it('adds an apigw-requestid header to every reply', async () => {
    const reply = await api('/api/health');

    expect(reply.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the API answers only requests that came through CloudFront (the twin: its web proxy)', () => {
  it('refuses with 403 FORBIDDEN a public route called at the API address without the origin header', async () => {
    const direct = await fetch(`${twin().api}/api/health`);
    expect(direct.status).toBe(403);
    expect(await direct.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Call the API through the Adsmith site.' },
    });
    const wrong = await fetch(`${twin().api}/api/health`, { headers: { [ORIGIN_VERIFY_HEADER]: 'a-guess' } });
    expect(wrong.status).toBe(403);
  });

  it('refuses a signed-in route with a valid token but no origin header, and serves it with one', async () => {
    const client = cognitoClient();
    const { demoUser } = twin();
    const { AccessToken } = await signIn(client, demoUser.email, demoUser.password);
    client.destroy();
    const direct = await fetch(`${twin().api}/api/me`, { headers: { authorization: `Bearer ${AccessToken}` } });
    expect(direct.status).toBe(403);
    expect((await api('/api/me', { token: AccessToken })).status).toBe(200);
  });
});
