import { createRequire } from 'node:module';
import path from 'node:path';
import type { Context as CognitoLocalContext } from 'cognito-local/lib/services/context';
import type { LogService } from 'cognito-local/lib/services/LogService';
import type { Messages } from 'cognito-local/lib/services/messages';
import type { Services, Triggers } from 'cognito-local/lib/services';
import { triggerFunction } from '@shared/functions';
import type { FunctionRunner } from '../function-runner';
import type { Mailbox } from '../mailbox/mailbox';
import { AtomicJsonDataStoreFactory } from '../state/cognito-data-store';
import { idTokenAttributeClaims } from './id-token-claims';
import { InProcessTriggerFunctions } from './trigger-functions';

/** The triggers the user pool has in AWS, and the function each runs (from shared/functions.ts). */
export const USER_POOL_TRIGGERS = {
  CustomMessage: triggerFunction('customMessage'),
  PostConfirmation: triggerFunction('postConfirmation'),
  PreSignUp: triggerFunction('preSignUp'),
} as const;

const CODE_PLACEHOLDER = '{####}';
const USERNAME_PLACEHOLDER = '{username}';
/** Cognito's own message when no custom-message trigger shapes it. */
const DEFAULT_EMAIL = { subject: 'Your verification code', body: `Your verification code is ${CODE_PLACEHOLDER}.` };

export interface CognitoEmulator {
  services: Services;
  /** Runs one Cognito operation as cognito-local implements it. */
  call(target: string, input: Record<string, unknown>): Promise<unknown>;
  /** The JWK every cognito-local pool signs with. */
  publicJwk: Record<string, unknown>;
  logger: LogService;
  /** Resolves once every change made so far is saved (the twin waits for it when stopping). */
  settled(): Promise<void>;
}

/** cognito-local logs through pino; the twin prints only errors (DEBUG=1 shows more). */
function consoleLogService(): LogService {
  const debug = !!process.env.DEBUG;
  const log = (level: 'debug' | 'info' | 'warn' | 'error') =>
    ((...args: unknown[]) => {
      if (level === 'error' || debug) console[level === 'debug' ? 'log' : level]('[cognito]', ...args);
    }) as LogService['debug'];
  const service: LogService = {
    child: () => service,
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
  };
  return service;
}

export interface CognitoEmulatorOptions {
  /** Where cognito-local keeps its JSON databases. */
  dataDir: string;
  /** The issuer's origin: the front's URL, so tokens name the endpoint clients use. */
  issuerOrigin: string;
  region: string;
  mailbox: Mailbox;
  runner: FunctionRunner;
}

/**
 * cognito-local assembled in this process from its own services, with two ports
 * of ours: triggers run the real handlers, and emails land in the dev mailbox
 * after going through the custom-message trigger, as they would in AWS.
 */
export async function createCognitoEmulator(options: CognitoEmulatorOptions): Promise<CognitoEmulator> {
  // cognito-local still loads the v2 SDK for its unused Lambda client; its end-of-support notice is noise here.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const [
    { DateClock, TriggersService },
    { CognitoServiceFactoryImpl },
    { UserPoolServiceFactoryImpl },
    { CryptoService },
    { JwtTokenGenerator },
    { otp },
    { Router },
    { DefaultConfig },
  ] = await Promise.all([
    import('cognito-local/lib/services'),
    import('cognito-local/lib/services/cognitoService'),
    import('cognito-local/lib/services/userPoolService'),
    import('cognito-local/lib/services/crypto'),
    import('cognito-local/lib/services/tokenGenerator'),
    import('cognito-local/lib/services/otp'),
    import('cognito-local/lib/server/Router'),
    import('cognito-local/lib/server/config'),
  ]);

  const logger = consoleLogService();
  const ctx: CognitoLocalContext = { logger };
  const config = {
    ...DefaultConfig,
    TriggerFunctions: { ...USER_POOL_TRIGGERS },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerOrigin },
  };
  const clock = new DateClock();
  // Not cognito-local's StormDB store: its saves can interleave and a stop mid-save truncates the file.
  const dataStoreFactory = new AtomicJsonDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const poolTriggers = new TriggersService(
    clock,
    cognito,
    new InProcessTriggerFunctions(USER_POOL_TRIGGERS, options.runner, options.region),
    new CryptoService({}),
  );
  // cognito-local's token generator consults a pre-token-generation trigger; the pool
  // has none in AWS, so the twin answers it itself with the claims Cognito would have put in.
  const triggers: Triggers = {
    enabled: (trigger) => trigger === 'PreTokenGeneration' || poolTriggers.enabled(trigger),
    customMessage: poolTriggers.customMessage,
    customEmailSender: poolTriggers.customEmailSender,
    postAuthentication: poolTriggers.postAuthentication,
    postConfirmation: poolTriggers.postConfirmation,
    preSignUp: poolTriggers.preSignUp,
    userMigration: poolTriggers.userMigration,
    preTokenGeneration: async (_ctx, { userAttributes }) => ({
      // Cognito's ID token carries email_verified as a boolean; the trigger type says string only.
      claimsOverrideDetails: {
        claimsToAddOrOverride: idTokenAttributeClaims(userAttributes) as Record<string, string>,
      },
    }),
  };

  const messages: Messages = {
    async deliver(deliverCtx, source, clientId, userPoolId, user, code, clientMetadata, deliveryDetails) {
      if (deliveryDetails.DeliveryMedium !== 'EMAIL') return; // no phone numbers in this product
      const custom = triggers.enabled('CustomMessage')
        ? await triggers.customMessage(deliverCtx, {
            clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE',
            clientMetadata,
            code,
            source: `CustomMessage_${source}`,
            userAttributes: user.Attributes,
            username: user.Username,
            userPoolId,
          })
        : null;
      // Cognito replaces every placeholder; cognito-local only the first.
      const fill = (text: string) =>
        text.replaceAll(CODE_PLACEHOLDER, code).replaceAll(USERNAME_PLACEHOLDER, user.Username);
      options.mailbox.deliver({
        to: deliveryDetails.Destination ?? '',
        subject: custom?.emailSubject || DEFAULT_EMAIL.subject,
        body: fill(custom?.emailMessage || DEFAULT_EMAIL.body),
        kind: `CustomMessage_${source}`,
      });
    },
  };

  const services: Services = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services);
  const require = createRequire(import.meta.url);
  const publicKeyFile = path.join(
    path.dirname(require.resolve('cognito-local/package.json')),
    'lib/keys/cognitoLocal.public.json',
  );
  const publicJwk = (require(publicKeyFile) as { jwk: Record<string, unknown> }).jwk;

  return {
    services,
    logger,
    publicJwk,
    settled: () => dataStoreFactory.settled(),
    call: (target, input) => router(target)(ctx, input as never),
  };
}
