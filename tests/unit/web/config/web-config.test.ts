import { beforeEach, describe, expect, it, vi } from 'vitest';

async function freshLoader() {
  // The loader caches the first good config; each test gets its own module instance.
  vi.resetModules();
  return import('@web/config/web-config');
}

const valid = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
};

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}

describe('runtime config', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('parses /config.json with the shared schema, filling defaults', async () => {
    const { loadWebConfig, getWebConfig } = await freshLoader();
    const fetchMock = answer(200, valid);
    const config = await loadWebConfig(fetchMock);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(config).toMatchObject({ ...valid, apiBaseUrl: '/api', offlineModel: false });
    expect(getWebConfig()).toBe(config);
  });

  it('fails loudly, naming every missing value', async () => {
    const { loadWebConfig } = await freshLoader();
    await expect(loadWebConfig(answer(200, { stage: 'x' }))).rejects.toThrow(/region.*userPoolId.*userPoolClientId/s);
  });

  it('fails loudly on a missing file or broken JSON', async () => {
    const { loadWebConfig } = await freshLoader();
    await expect(loadWebConfig(answer(404, 'nope'))).rejects.toThrow('/config.json answered HTTP 404.');
    await expect(loadWebConfig(answer(200, '{not json'))).rejects.toThrow('/config.json is not valid JSON.');
  });
});
