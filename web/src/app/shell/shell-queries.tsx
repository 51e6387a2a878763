import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';

// The header sits above AppProviders (app-shell.tsx renders it for every page): its signed-in parts that ask the
// API get the tab's one query client here. Loaded lazily, so public pages' JavaScript carries no React Query.
const SharedClientProvider = lazy(() =>
  import('../providers/app-providers').then((m) => ({
    default: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={m.sharedQueryClient()}>{children}</QueryClientProvider>
    ),
  })),
);

export function ShellQueries({ children }: { children: ReactNode }) {
  return <SharedClientProvider>{children}</SharedClientProvider>;
}
