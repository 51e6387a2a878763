import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '@web/lib/api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function clientWith(fetchImpl: typeof fetch, token: string | null = 'tok-123') {
  return createApiClient({ baseUrl: '/api', getAccessToken: async () => token, fetch: fetchImpl });
}

describe('api client', () => {
  it('sends the access token as a Bearer header and parses the response with the route schema', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(200, { uid: 'u1', email: 'a@b.co', emailVerified: true, displayName: 'A' }),
    );
    const me = await clientWith(fetchMock).request('getMe');
    expect(me).toEqual({ uid: 'u1', email: 'a@b.co', emailVerified: true, displayName: 'A' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
  });

  it('sends the body as JSON with the route method', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(200, { uid: 'u1', email: 'a@b.co', emailVerified: true, displayName: 'New' }),
    );
    await clientWith(fetchMock).request('updateMe', { body: { displayName: 'New' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe(JSON.stringify({ displayName: 'New' }));
  });

  it('turns an error body into a typed ApiError', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse(400, { error: { code: 'VALIDATION_ERROR', message: 'Display name is required' } }),
    );
    const error = await clientWith(fetchMock)
      .request('updateMe', { body: { displayName: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400, message: 'Display name is required' });
  });

  it('does not trust a body that is not the shared error shape', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(clientWith(fetchMock).request('getMe')).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('maps a 401 without a body to AUTH_ERROR', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('', { status: 401 }));
    await expect(clientWith(fetchMock).request('getMe')).rejects.toMatchObject({ code: 'AUTH_ERROR', status: 401 });
  });

  it('reports a failed fetch as NETWORK_ERROR', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(clientWith(fetchMock).request('getMe')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
      message: 'Network connection issue. Please check your internet connection.',
    });
  });

  it('rejects a success reply that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { uid: 42 }));
    await expect(clientWith(fetchMock).request('getMe')).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' });
  });

  it('does not call a signed-in route without a token', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    await expect(clientWith(fetchMock, null).request('getMe')).rejects.toMatchObject({ code: 'AUTH_ERROR' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls public routes without a token', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { status: 'ok' }));
    await expect(clientWith(fetchMock, null).request('health')).resolves.toEqual({ status: 'ok' });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('names the chosen workspace on signed-in routes only, and forgets it when the server refuses it', async () => {
    const refused = vi.fn();
    const fetchMock = vi.fn<typeof fetch>(async (url) =>
      String(url).endsWith('/team')
        ? jsonResponse(403, {
            error: { code: 'WORKSPACE_FORBIDDEN', message: 'You are not a member of that workspace.' },
          })
        : jsonResponse(200, { uid: 'u1', email: 'a@b.co', emailVerified: true, displayName: 'A' }),
    );
    const client = createApiClient({
      baseUrl: '/api',
      getAccessToken: async () => 'tok-123',
      workspaceFor: (token) => (token === 'tok-123' ? 'ws-9' : null),
      onWorkspaceRefused: refused,
      fetch: fetchMock,
    });
    await client.request('getMe');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['x-adsmith-workspace']).toBe('ws-9');
    expect(refused).not.toHaveBeenCalled();
    await expect(client.request('getTeam')).rejects.toMatchObject({ code: 'WORKSPACE_FORBIDDEN', status: 403 });
    expect(refused).toHaveBeenCalledWith('tok-123');
  });
});
