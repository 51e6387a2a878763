import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from '../../lib/auth/use-auth';
import { webPaths } from '@shared/web-paths';

/** Loading screen while auth loads; no user → /auth (replacing history) remembering where they were. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { currentUser, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!currentUser) return <Navigate replace to={webPaths.auth} state={{ from: location }} />;
  return children ?? <Outlet />;
}
