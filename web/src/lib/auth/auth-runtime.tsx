import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { loadWebConfig } from '../../config/web-config';
import type { AuthContextValue } from './auth-context';
import { useAuthState } from './auth-provider';
import { configureCognito } from './cognito';

/**
 * The auth runtime, loaded on demand by AuthHost: the runtime config, Amplify and the
 * auth state machine. It reports the auth value upwards instead of wrapping the tree.
 */
export function AuthController({ onChange }: { onChange: (value: AuthContextValue) => void }) {
  const value = useAuthState();
  useEffect(() => onChange(value), [value, onChange]);
  // Bottom, so a toast never covers the header's menu and account buttons.
  return <Toaster position="bottom-right" richColors closeButton />;
}

export async function startAuthRuntime(): Promise<typeof AuthController> {
  const config = await loadWebConfig();
  configureCognito(config);
  return AuthController;
}
