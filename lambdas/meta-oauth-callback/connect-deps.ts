import { metaRuntime } from '../lib/meta-connection/meta-deps';
import { readSecret } from '../lib/secrets';
import type { ConnectDeps } from './connect-meta';

export const deps = (): ConnectDeps => ({
  ...metaRuntime(),
  stateKey: async () => (await readSecret('oauthStateKey')).key,
});
