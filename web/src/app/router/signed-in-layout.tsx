import { Outlet } from 'react-router-dom';
import { RequireAuthRuntime } from '../../lib/auth/require-auth-runtime';
import { AppProviders } from '../providers/app-providers';

/**
 * Layout of every route that needs auth or the API (sign-in, the Meta callback, the
 * signed-in screens). It is its own chunk: public pages never download Amplify, zod,
 * TanStack Query or the Meta code.
 */
export function Component() {
  return (
    <RequireAuthRuntime>
      {/* Signed-in pages are not for search engines (React hoists this into <head>). */}
      <meta name="robots" content="noindex" />
      <AppProviders>
        <Outlet />
      </AppProviders>
    </RequireAuthRuntime>
  );
}
