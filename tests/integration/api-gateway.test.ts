import { describe, expect, it } from 'vitest';
import { api } from './twin-client';

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
