import type { MetaOAuthConfig } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';

/**
 * GET /api/meta/oauth/config. Never cached: each answer carries a single-use signed
 * state, so connect() asks afresh every time.
 */
export function getMetaOAuthConfig(): Promise<MetaOAuthConfig> {
  return apiRequest('metaOAuthConfig');
}
