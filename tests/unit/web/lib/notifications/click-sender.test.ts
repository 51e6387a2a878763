import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickSender, setClickIdentity } from '@web/lib/notifications/click-sender';

const click = (n: number) => ({ buttonText: `Button ${n}`, page: '/pricing', timestamp: '2026-11-22T12:00:00.000Z' });

afterEach(() => setClickIdentity(null));

function recordingFetch() {
  const calls: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) as Record<string, unknown> });
    return new Response(null, { status: 202 });
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

describe('click sender', () => {
  it("sends an anonymous visitor's clicks to the public endpoint with no identity at all", () => {
    const { calls, fetchImpl } = recordingFetch();
    clickSender(undefined, fetchImpl)([click(1), click(2)], { keepalive: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/clicks');
    expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json' });
    expect(calls[0]!.body).toEqual({ clicks: [click(1), click(2)] });
    expect(JSON.stringify(calls[0]!.body)).not.toMatch(/email|user/i);
  });

  it("sends a signed-in user's clicks as button_click notifications with their token, to their API base", () => {
    const { calls, fetchImpl } = recordingFetch();
    setClickIdentity({ token: () => 'access-token', apiBaseUrl: 'https://api.example.test/api/' });
    clickSender(undefined, fetchImpl)([click(1)], { keepalive: true });
    expect(calls[0]!.url).toBe('https://api.example.test/api/notifications/batch');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', authorization: 'Bearer access-token' },
    });
    expect(calls[0]!.body).toEqual({
      notifications: [
        { type: 'button_click', data: { buttonText: 'Button 1', page: '/pricing' }, timestamp: click(1).timestamp },
      ],
    });
  });

  it('falls back to anonymous while a signed-in token is not known yet, and after sign-out', () => {
    const { calls, fetchImpl } = recordingFetch();
    setClickIdentity({ token: () => null, apiBaseUrl: '/api' });
    clickSender(undefined, fetchImpl)([click(1)], { keepalive: false });
    setClickIdentity(null);
    clickSender(undefined, fetchImpl)([click(2)], { keepalive: false });
    expect(calls.map((c) => c.url)).toEqual(['/api/clicks', '/api/clicks']);
  });

  it('splits more clicks than one call may carry into batches of 50', () => {
    const { calls, fetchImpl } = recordingFetch();
    clickSender(undefined, fetchImpl)(
      Array.from({ length: 120 }, (_, i) => click(i)),
      { keepalive: false },
    );
    expect(calls.map((c) => (c.body.clicks as unknown[]).length)).toEqual([50, 50, 20]);
  });

  it('never lets a failed send reach the page', async () => {
    const fetchImpl = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    clickSender(undefined, fetchImpl)([click(1)], { keepalive: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
