import { existsSync } from 'node:fs';
import type { ViteDevServer } from 'vite';
import { PortBusyError } from '../listen';
import { TWIN_HOST } from '../twin-ports';

/** The origin-verify header CloudFront (here: the web proxy) adds to every `/api` request. */
export interface ApiOriginHeader {
  header: string;
  value: string;
}

/** Where web/vite.config.ts (dev or preview) proxies `/api`, and with which origin header; read at config load. */
export function apiProxyEnvironment(apiUrl: string, origin: ApiOriginHeader): void {
  process.env.ADSMITH_API_PROXY = apiUrl;
  process.env.ADSMITH_API_ORIGIN_HEADER = origin.header;
  process.env.ADSMITH_API_ORIGIN_VALUE = origin.value;
}

export interface ViteDevServerOptions {
  configFile: string;
  port: number;
  /** Where Vite proxies `/api` (the local gateway). */
  apiUrl: string;
  /** The header Vite adds to `/api` requests, as CloudFront adds the origin-verify header. */
  apiOrigin: ApiOriginHeader;
  /** The runtime config Vite serves as /config.json. */
  webConfigFile: string;
  /**
   * Where Vite keeps its pre-bundled dependencies (default: node_modules/.vite). A second server on
   * the same folder re-optimises it under the first one, whose pages then fail to load
   * ("Outdated Optimize Dep"), so tests that start their own server pass a folder of their own.
   */
  cacheDir?: string;
}

/**
 * The web's own Vite config, started in this process. The variables are how
 * the twin tells it where the gateway (and its origin header) and the runtime config are; they are set
 * before the config file loads, since it reads them at load time.
 */
export async function startViteDevServer(
  options: ViteDevServerOptions,
): Promise<{ server: ViteDevServer; url: string } | null> {
  if (!existsSync(options.configFile)) return null;
  apiProxyEnvironment(options.apiUrl, options.apiOrigin);
  process.env.ADSMITH_WEB_CONFIG_FILE = options.webConfigFile;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: options.configFile,
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    server: { port: options.port, strictPort: true, host: TWIN_HOST },
    clearScreen: false,
    logLevel: 'warn',
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    // Vite's strictPort message does not say how to move it; ours does.
    if (error instanceof Error && /already in use/i.test(error.message)) throw new PortBusyError('web', options.port);
    throw error;
  }
  const address = server.httpServer?.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  return { server, url: `http://${TWIN_HOST}:${port}` };
}
