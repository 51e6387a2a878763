import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import { TWIN_HOST, TwinSetupError, twinServices, type TwinService } from './twin-ports';

/** Thrown when a service's port is taken; the message says how to move it. */
export class PortBusyError extends TwinSetupError {
  override name = 'PortBusyError';

  constructor(service: TwinService, port: number) {
    const { envVar } = twinServices[service];
    super(`Port ${port} (${service}) is already in use. Stop whatever holds it, or set ${envVar} to another port.`);
  }
}

/** Listens on the service's port (0 = any free one) and resolves with the port actually bound. */
export function listenOn(server: Server | NetServer, service: TwinService, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortBusyError(service, port) : error);
    };
    server.once('error', onError);
    server.listen(port, TWIN_HOST, () => {
      server.off('error', onError);
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error(`${service}: no TCP address after listen`));
      resolve(address.port);
    });
  });
}

/**
 * Finds a port a child process can bind: the given one if it is free, else fails
 * with the busy message; 0 picks a free one. (A small race remains between probe
 * and child bind; the child's own failure is reported too.)
 */
export async function reservePort(service: TwinService, port: number): Promise<number> {
  const probe = createNetServer();
  const bound = await listenOn(probe, service, port);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return bound;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export function urlOf(port: number): string {
  return `http://${TWIN_HOST}:${port}`;
}
