import type { Mock } from 'vitest';
import { testUser } from '@tests/unit/web/support/cognito-mock';
import { connected, usdAccount } from './meta-fixtures';
import { serveApi, type ApiHandler } from './serve-api';

/**
 * What every screen working on one ad account (campaigns, optimizer, ad optimizer) reads first: a connected
 * Meta user with one USD ad account.
 */
export const connectedAccountApi: Record<string, ApiHandler> = {
  metaConnection: () => connected,
  metaAdAccounts: () => ({ data: [usdAccount] }),
};

/** Serves a Meta-account screen: connected with one USD account, then the screen's own routes, then the test's. */
export function serveAccountScreen(
  apiRequest: Mock,
  screenRoutes: Record<string, ApiHandler>,
  overrides: Record<string, ApiHandler> = {},
): void {
  serveApi(apiRequest, { ...connectedAccountApi, ...screenRoutes }, overrides);
}

/** Before each test of a Meta-account screen: no API answers or toasts left, the test user signed in, no remembered account. */
export function resetAccountScreen({
  apiRequest,
  toast,
  getSignedInUser,
}: {
  apiRequest: Mock;
  toast: { error: Mock; success: Mock };
  getSignedInUser: Mock;
}): void {
  apiRequest.mockReset();
  toast.error.mockReset();
  toast.success.mockReset();
  getSignedInUser.mockReset().mockResolvedValue(testUser);
  localStorage.clear();
}
