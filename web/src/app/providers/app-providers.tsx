import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { MetaConnectionProvider } from '../../features/meta/context/meta-connection-provider';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { useAuth } from '../../lib/auth/use-auth';
import { createQueryClient } from './query-client';

/** Server state lives under auth so a 401 can sign the user out and sign-out can drop cached data. */
function QueryProvider({ children }: { children: ReactNode }) {
  const { signOut, currentUser } = useAuth();
  // signOut is stable for the provider's lifetime, so the client can hold it.
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: () => void signOut() }));

  const signedIn = currentUser !== null;
  useEffect(() => {
    if (!signedIn) queryClient.clear();
  }, [signedIn, queryClient]);

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <QueryProvider>
        {/* Spec §3: the Meta connection follows the signed-in user, so it sits under auth and server state. */}
        <MetaConnectionProvider>{children}</MetaConnectionProvider>
        {/* Bottom, so a toast never covers the header's menu and account buttons. */}
        <Toaster position="bottom-right" richColors closeButton />
      </QueryProvider>
    </AuthProvider>
  );
}
