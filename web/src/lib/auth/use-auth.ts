import { useContext } from 'react';
import { messages } from '@shared/constants';
import { AuthContext, type AuthContextValue } from './auth-context';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.useAuthOutsideProvider);
  return value;
}
