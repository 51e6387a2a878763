import { createContext, useContext } from 'react';

export interface AuthRuntimeState {
  /** Starts loading auth (idempotent). */
  request: () => void;
  /** The runtime has loaded and reported its first auth state. */
  ready: boolean;
  /** Why auth could not start (missing /config.json, a chunk that failed to download). */
  error: string | null;
}

export const AuthRuntimeContext = createContext<AuthRuntimeState | null>(null);

export function useAuthRuntime(): AuthRuntimeState {
  const value = useContext(AuthRuntimeContext);
  if (!value) throw new Error('useAuthRuntime must be used within an AuthHost');
  return value;
}
