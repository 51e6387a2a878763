import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { MetaConnectionProvider } from '../../lib/meta-account/meta-connection-provider';
import { AIConnectionProvider } from '../../lib/ai/ai-connection-provider';
import { useAuth } from '../../lib/auth/use-auth';
import { useUsageAnnouncements } from '../../lib/billing/usage-announcements';
import { NotificationWiring } from '../../lib/notifications/notification-wiring';
import { createQueryClient } from './query-client';

/**
 * Server state for the pages that talk to the API. One client for the tab (module scope),
 * so leaving for a public page and coming back keeps the cache; a 401 signs the user out.
 */
let sharedClient: QueryClient | undefined;
let onUnauthorized: () => void = () => undefined;

function queryClient(): QueryClient {
  sharedClient ??= createQueryClient({ onUnauthorized: () => onUnauthorized() });
  return sharedClient;
}

/**
 * The tab's one client, for the few signed-in parts of the app shell that sit above AppProviders (the header's
 * workspace switcher and role-aware links), so they share the pages' cache.
 */
export function sharedQueryClient(): QueryClient {
  return queryClient();
}

function QueryProvider({ children }: { children: ReactNode }) {
  const { signOut, currentUser } = useAuth();
  const client = queryClient();
  useEffect(() => {
    onUnauthorized = () => void signOut();
  }, [signOut]);

  // Only a sign-out empties the cache. Clearing whenever nobody is signed in also cancelled a signed-out
  // visitor's own first query (the shared marketing-mix report), leaving its page loading for ever.
  const uid = currentUser?.uid ?? null;
  const previousUid = useRef(uid);
  useEffect(() => {
    if (previousUid.current !== null && uid === null) client.clear();
    previousUid.current = uid;
  }, [uid, client]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Counted actions outside React Query (the chat's answers) refresh the usage meters on screen. */
function UsageAnnouncements() {
  useUsageAnnouncements();
  return null;
}

/** What the signed-in part of the app needs beyond auth (which AuthHost holds for every page). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      {/* The Meta connection follows the signed-in user, so it sits under auth and server state. */}
      <MetaConnectionProvider>
        {/* The AI connection is checked for the signed-in user, so it sits under auth too. */}
        <AIConnectionProvider>{children}</AIConnectionProvider>
      </MetaConnectionProvider>
      <NotificationWiring />
      <UsageAnnouncements />
    </QueryProvider>
  );
}
