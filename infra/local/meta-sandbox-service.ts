import { reservePort } from './listen';
import { startMetaSandbox, type MetaSandbox } from './meta-sandbox/server';
import { LOCAL_META_APP } from './secrets/local-secret-values';
import { TWIN_HOST } from './twin-ports';

/**
 * The Meta sandbox (infra/local/meta-sandbox/, Graph API + OAuth dialog) as one
 * of the twin's services: it knows the same app id and secret the twin puts in
 * the meta-app secret, so OAuth exchange and appsecret_proof check out.
 */
export async function startMetaSandboxService(port: number): Promise<MetaSandbox> {
  // Probing first gives the same busy-port message as every other service.
  const free = await reservePort('meta', port);
  return startMetaSandbox({
    port: free,
    host: TWIN_HOST,
    appId: LOCAL_META_APP.appId,
    appSecret: LOCAL_META_APP.appSecret,
  });
}
