import { createContext } from 'react';
import type { AdAccount, MetaConnection } from '@shared/schemas/meta';
import type { DateRangeValue } from './date-range';

/**
 * The signed-in user's Meta connection (connect and disconnect flows, token health), plus the account and
 * range the screens share. Server state (ad accounts, campaigns, insights) lives in the TanStack Query
 * hooks of lib/meta-account and features/campaigns/api; the ad accounts are passed through from their hook for the account picker.
 */
export interface MetaConnectionContextValue {
  isConnected: boolean;
  /** True while the connection is being checked for the signed-in user. */
  loading: boolean;
  connection: MetaConnection | null;
  adAccounts: AdAccount[];
  adAccountsLoading: boolean;
  adAccountsError: unknown;
  selectedAdAccount: AdAccount | null;
  selectAdAccount: (accountId: string) => void;
  range: DateRangeValue;
  setRange: (range: DateRangeValue) => void;
  /** True when Meta says the long-lived token no longer works (expired, revoked): the person should reconnect. */
  tokenExpired: boolean;
  /** A connect attempt is under way (popup open, or waiting after it closed). */
  connecting: boolean;
  /** Why the last connect attempt did not connect, in words for people. */
  connectError: string | null;
  /** `rerequest` asks Meta again for permissions the person declined. */
  connect: (options?: { rerequest?: boolean }) => Promise<void>;
  disconnect: () => Promise<void>;
  disconnecting: boolean;
  refresh: () => Promise<void>;
}

export const MetaConnectionContext = createContext<MetaConnectionContextValue | null>(null);
