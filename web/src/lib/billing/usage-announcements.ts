import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { USAGE_CHANGED, usageKey } from './usage-key';

/** Mounted once with the signed-in QueryClient: a change announced outside it asks the usage on screen again. */
export function useUsageAnnouncements(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: usageKey });
    window.addEventListener(USAGE_CHANGED, refresh);
    return () => window.removeEventListener(USAGE_CHANGED, refresh);
  }, [client]);
}
