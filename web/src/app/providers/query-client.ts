import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { usageKey } from '../../lib/billing/usage-key';
import { handleError } from '../../lib/errors/handle-error';

/**
 * The one error policy for server state (shadcn-admin's shape): a 4xx will not get
 * better by asking again, so only network/5xx failures retry; a 401 means the
 * session is gone, so the user is signed out (the route guard then sends them to
 * /auth); a failed mutation is reported through the central handler, which toasts
 * unless the mutation shows its own message.
 */
export interface QueryClientHooks {
  onUnauthorized: () => void;
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function createQueryClient({ onUnauthorized }: QueryClientHooks): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isUnauthorized(error)) return;
        handleError(error, { component: `query ${JSON.stringify(query.queryKey)}` });
        onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const component = typeof mutation.meta?.component === 'string' ? mutation.meta.component : 'mutation';
        // A mutation that explains its own failure (meta.ownErrorToast) must not get a second, generic toast.
        handleError(error, { component, silent: mutation.meta?.ownErrorToast === true });
        if (isUnauthorized(error)) onUnauthorized();
      },
      // Whether an action counts against the plan is the server's to decide (a generation, an export, a fit,
      // connecting Meta, an invitation, a refused attempt that refunds): after any change, usage on screen is
      // asked again. invalidateQueries refetches only a usage query that is mounted, so it costs nothing elsewhere.
      onSettled: () => void client.invalidateQueries({ queryKey: usageKey }),
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
