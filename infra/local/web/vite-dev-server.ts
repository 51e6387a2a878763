import { existsSync } from 'node:fs';
import type { ViteDevServer } from 'vite';
import { PortBusyError } from '../listen';
import { TWIN_HOST } from '../twin-ports';

export interface ViteDevServerOptions {
  configFile: string;
  port: number;
  /** Where Vite proxies `/api` (the local gateway). */
  apiUrl: string;
  /** The runtime config Vite serves as /config.json. */
  webConfigFile: string;
}

/**
 * The web's own Vite config, started in this process. The two variables are how
 * the twin tells it where the gateway and the runtime config are; they are set
 * before the config file loads, since it reads them at load time.
 */
export async function startViteDevServer(
  options: ViteDevServerOptions,
): Promise<{ server: ViteDevServer; url: string } | null> {
  if (!existsSync(options.configFile)) return null;
  process.env.ADSMITH_API_PROXY = options.apiUrl;
  process.env.ADSMITH_WEB_CONFIG_FILE = options.webConfigFile;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: options.configFile,
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
