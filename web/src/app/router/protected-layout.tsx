import { ProtectedRoute } from './protected-route';

/** The guard as a lazy layout route: it needs auth, which only the signed-in layout provides. */
export function Component() {
  return <ProtectedRoute />;
}
