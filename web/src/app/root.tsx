import { useEffect, type ReactNode } from 'react';
import { AppErrorBoundary } from '../components/error-boundary';
import { AuthHost } from '../lib/auth/auth-host';
import { startSiteClickTracking } from '../lib/notifications/click-sender';

/** Click tracking for every page, public ones included (anonymous until someone signs in). */
function ClickTracking() {
  useEffect(() => startSiteClickTracking(), []);
  return null;
}

/**
 * What wraps the router in the browser and in the prerenderer alike, so hydration matches.
 * The error boundary sits outside auth, so a crash anywhere (auth runtime, providers, shell)
 * shows the recovery screen instead of a blank page.
 */
export function Root({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <AuthHost>{children}</AuthHost>
      <ClickTracking />
    </AppErrorBoundary>
  );
}
