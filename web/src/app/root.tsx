import type { ReactNode } from 'react';
import { AuthHost } from '../lib/auth/auth-host';

/** What wraps the router in the browser and in the prerenderer alike, so hydration matches. */
export function Root({ children }: { children: ReactNode }) {
  return <AuthHost>{children}</AuthHost>;
}
