import { useEffect, type ReactNode } from 'react';
import { ConfigErrorScreen } from '../../components/config-error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuthRuntime } from './auth-runtime-context';

/** Renders its children once auth has started; the loading screen until then. */
export function RequireAuthRuntime({ children }: { children: ReactNode }) {
  const { request, ready, error } = useAuthRuntime();
  useEffect(request, [request]);
  if (error) return <ConfigErrorScreen message={error} />;
  if (!ready) return <LoadingScreen progress={50} showDetails />;
  return children;
}
