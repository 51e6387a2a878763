import { useContext } from 'react';
import { MetaConnectionContext, type MetaConnectionContextValue } from './meta-connection-context';

export function useMetaConnection(): MetaConnectionContextValue {
  const value = useContext(MetaConnectionContext);
  if (!value) throw new Error('useMetaConnection must be used within a MetaConnectionProvider');
  return value;
}
