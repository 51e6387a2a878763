import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@web/app/providers/query-client';
import { MetaConnectionProvider } from '@web/lib/meta-account/meta-connection-provider';
import { AuthProvider } from '@web/lib/auth/auth-provider';

/** Renders `ui` at `path` under the app's real providers (auth and Cognito mocked by the caller). */
export function renderWithMeta(
  ui: ReactNode,
  { path = '/', routes = {} }: { path?: string; routes?: Record<string, ReactNode> } = {},
) {
  const queryClient = createQueryClient({ onUnauthorized: () => undefined });
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <QueryClientProvider client={queryClient}>
          <MetaConnectionProvider>
            <Routes>
              <Route path={new URL(path, 'http://x').pathname} element={ui} />
              {Object.entries(routes).map(([at, element]) => (
                <Route key={at} path={at} element={element} />
              ))}
            </Routes>
          </MetaConnectionProvider>
        </QueryClientProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
  return { ...result, queryClient };
}
