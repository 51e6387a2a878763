import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import { ApiError } from '@web/lib/api-client';

const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

describe('QueryClient error policy', () => {
  const client = createQueryClient({ onUnauthorized: () => undefined });
  const retry = client.getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;

  it('does not retry 4xx answers', () => {
    expect(retry(0, new ApiError('VALIDATION_ERROR', 400, 'bad'))).toBe(false);
    expect(retry(0, new ApiError('AUTH_ERROR', 401, 'no'))).toBe(false);
    expect(retry(0, new ApiError('NOT_FOUND', 404, 'gone'))).toBe(false);
  });

  it('retries network and server failures a little', () => {
    expect(retry(0, new ApiError('NETWORK_ERROR', 0, 'offline'))).toBe(true);
    expect(retry(1, new ApiError('INTERNAL_ERROR', 500, 'boom'))).toBe(true);
    expect(retry(2, new ApiError('INTERNAL_ERROR', 500, 'boom'))).toBe(false);
  });

  it('signs out on a 401 from a query', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onUnauthorized = vi.fn();
    const qc = createQueryClient({ onUnauthorized });
    await qc
      .fetchQuery({
        queryKey: ['me'],
        queryFn: () => Promise.reject(new ApiError('AUTH_ERROR', 401, 'expired')),
        retry: false,
      })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith('Authentication failed. Please sign in again.');
  });

  it('toasts a failed mutation through the central handler', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onUnauthorized = vi.fn();
    const qc = createQueryClient({ onUnauthorized });
    const mutation = qc.getMutationCache().build(qc, {
      mutationFn: () => Promise.reject(new ApiError('VALIDATION_ERROR', 400, 'Display name is required')),
      meta: { component: 'Test' },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(toast.error).toHaveBeenCalledWith('Display name is required');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves the toast to a mutation that shows its own message, but still logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    toast.error.mockClear();
    const qc = createQueryClient({ onUnauthorized: () => undefined });
    const mutation = qc.getMutationCache().build(qc, {
      mutationFn: () => Promise.reject(new ApiError('CONFLICT', 409, 'Meta could not update the campaign.')),
      meta: { component: 'CampaignsTable', ownErrorToast: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(toast.error).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('CONFLICT'), expect.anything(), expect.anything());
  });
});
