/**
 * The twin's services, the port each listens on by default and the variable
 * that moves it. Defaults stay fixed so bookmarks and the web's proxy keep working;
 * tests ask for 'auto' and get free ports.
 */
export const twinServices = {
  web: { defaultPort: 5173, envVar: 'ADSMITH_WEB_PORT' },
  api: { defaultPort: 3001, envVar: 'ADSMITH_API_PORT' },
  mailbox: { defaultPort: 3002, envVar: 'ADSMITH_MAILBOX_PORT' },
  secretsManager: { defaultPort: 3003, envVar: 'ADSMITH_SECRETS_MANAGER_PORT' },
  eventBridge: { defaultPort: 3004, envVar: 'ADSMITH_EVENTBRIDGE_PORT' },
  meta: { defaultPort: 3005, envVar: 'ADSMITH_META_PORT' },
  stripe: { defaultPort: 3008, envVar: 'ADSMITH_STRIPE_PORT' },
  kms: { defaultPort: 3009, envVar: 'ADSMITH_KMS_PORT' },
  sqs: { defaultPort: 3011, envVar: 'ADSMITH_SQS_PORT' },
  s3: { defaultPort: 3010, envVar: 'ADSMITH_S3_PORT' },
  openai: { defaultPort: 3006, envVar: 'ADSMITH_OPENAI_PORT' },
  sinks: { defaultPort: 3007, envVar: 'ADSMITH_SINKS_PORT' },
  dynamodb: { defaultPort: 8000, envVar: 'ADSMITH_DYNAMODB_PORT' },
  cognito: { defaultPort: 9229, envVar: 'ADSMITH_COGNITO_PORT' },
} as const;

export type TwinService = keyof typeof twinServices;

/** A port per service; 0 asks the OS for a free one. */
export type TwinPorts = Record<TwinService, number>;

/** A problem with how the twin was asked to start, with a message that says what to change. */
export class TwinSetupError extends Error {
  override name = 'TwinSetupError';
}

/** Every service binds here: the twin is for this machine only. */
export const TWIN_HOST = '127.0.0.1';

/** Moves every service at once: service n (in the order above) listens on base + n. */
export const PORT_BASE_VAR = 'ADSMITH_PORT_BASE';

function portBase(env: NodeJS.ProcessEnv): number | null {
  const raw = env[PORT_BASE_VAR];
  if (raw === undefined || raw === '') return null;
  const base = Number(raw);
  const last = Object.keys(twinServices).length - 1;
  if (!/^\d+$/.test(raw) || base < 1 || base + last > 65535) {
    throw new TwinSetupError(
      `${PORT_BASE_VAR}=${raw} must be a port from 1 to ${65535 - last}: the twin uses it and the ${last} ports after it.`,
    );
  }
  return base;
}

/**
 * Reads the ports from the environment, rejecting anything that is not a TCP port: a service's own variable,
 * else its place after ADSMITH_PORT_BASE, else its default.
 */
export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): TwinPorts {
  const ports = {} as TwinPorts;
  const base = portBase(env);
  for (const [index, [service, { defaultPort, envVar }]] of (
    Object.entries(twinServices) as [TwinService, (typeof twinServices)[TwinService]][]
  ).entries()) {
    const raw = env[envVar];
    if (raw === undefined || raw === '') {
      ports[service] = base === null ? defaultPort : base + index;
      continue;
    }
    const port = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65535) {
      throw new TwinSetupError(`${envVar}=${raw} is not a port number (1-65535).`);
    }
    ports[service] = port;
  }
  return ports;
}

export function autoPorts(): TwinPorts {
  const ports = {} as TwinPorts;
  for (const service of Object.keys(twinServices) as TwinService[]) ports[service] = 0;
  return ports;
}
