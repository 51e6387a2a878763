import type { MetaOAuthConfig } from '@shared/schemas/meta';
import { apiRequest } from '@web/lib/api';

/**
 * GET /api/meta/oauth/config. Never cached: each answer carries a single-use signed
 * state, so connect() asks afresh every time.
 */
export function getMetaOAuthConfig(options: { rerequest?: boolean } = {}): Promise<MetaOAuthConfig> {
  // auth_type=rerequest: Meta asks again for permissions the person declined before.
  return apiRequest('metaOAuthConfig', options.rerequest ? { query: { rerequest: 'true' } } : {});
}
