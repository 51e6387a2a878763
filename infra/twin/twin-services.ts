import { createServer, type Server } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ViteDevServer } from 'vite';
import { functionNames } from '@shared/functions';
import { physicalQueueName } from '@shared/job-queues';
import { routes } from '@shared/routes';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { createCognitoEmulator } from './cognito/cognito-emulator';
import { cognitoFrontHandler } from './cognito/cognito-front-handler';
import {
  cognitoClientFor,
  DEMO_USER,
  provisionUserPool,
  seedDemoUser,
  seedDemoOperator,
  DEMO_OPERATOR,
  type ProvisionedUserPool,
} from './cognito/provision-user-pool';
import { seedDemoPastApproval } from './demo-past-approval';
import { startDynalite } from './dynamodb/dynalite-process';
import { startIamGate } from './dynamodb/iam-gate';
import { provisionTables } from './dynamodb/provision-tables';
import { writeEndpointsFile, type TwinEndpoints } from './endpoints-file';
import { withBusFaults } from './events/bus-faults';
import { eventBusHandler } from './events/event-bus-handler';
import type { LocalQueue } from './events/local-queue';
import { EVENT_QUEUES_DIR, notificationEnvironment, startNotificationQueues } from './events/notification-queues';
import { startOutboxRelay, type OutboxRelay } from './events/outbox-relay';
import { FunctionRunner } from './function-runner';
import {
  functionEnvironment,
  LOCAL_CREDENTIALS,
  LOCAL_EMAIL_FROM,
  LOCAL_EVENT_BUS_NAME,
  LOCAL_NAME_PREFIX,
  localKmsAliases,
  localTableName,
  type LocalResources,
} from './function-environment';
import { gatewayHandler } from './gateway/gateway-handler';
import { createJwtAuthorizer } from './gateway/jwt-authorizer';
import { kmsHandler } from './kms/kms-handler';
import { openLocalKms, type LocalKms } from './kms/local-kms';
import { closeServer, listenOn, reservePort, urlOf } from './listen';
import { Mailbox } from './mailbox/mailbox';
import { mailboxHandler } from './mailbox/mailbox-handler';
import { startMetaSandboxService } from './meta-sandbox-service';
import type { MetaSandboxHandle } from './meta-sandbox-thread';
import { SANDBOX_STATE_FILE } from './meta-sandbox/persisted-state';
import { OfflineModelFaultSwitches } from './openai/offline-model-faults';
import { offlineModelHandler, type OfflineModelCall } from './openai/offline-model-server';
import { startLocalS3, type LocalS3 } from './s3/s3-service';
import { scheduleAdminHandler, ScheduledRuns, startScheduleTicks, tickPeriodFromEnv } from './schedule-ticks';
import { CHAT_ADDRESS_SALT_FILE, localSecretValues } from './secrets/local-secret-values';
import { secretsManagerHandler } from './secrets/secrets-manager-handler';
import type { StartedParts, TwinServiceSpec } from './services/twin-service';
import { LOCAL_SLACK_PATH, LOCAL_WEBHOOK_PATH, sinksHandler } from './sinks/sinks-handler';
import { LocalSqs, localSqsHandler } from './sqs/local-sqs';
import { COGNITO_STATE_DIR, OAUTH_STATE_KEY_FILE } from './state/damaged-state';
import { openStateDir } from './state/state-dir';
import { LOCK_FILE_NAME, type TwinLock } from './state/twin-lock';
import { startStripeService } from './stripe-service';
import type { StripeStandIn } from './stripe/server';
import type { TwinSettings } from './twin-options';
import { TwinSetupError, twinServices, type TwinService } from './twin-ports';
import { startViteDevServer } from './web/vite-dev-server';
import { localWebConfig, writeWebConfig } from './web/web-config-file';

/** A port the twin bound for a service: its HTTP server (no handler until the service mounts one) and URL. */
export interface ListeningServer {
  server: Server;
  url: string;
  port: number;
}

/** What each entry of the list gives the entries after it. */
export interface TwinParts {
  stateFolder: { lock: TwinLock; pendingSaves: (() => Promise<void>)[] };
  ports: { servers: Partial<Record<TwinService, ListeningServer>>; reserved: Partial<Record<TwinService, number>> };
  /** `url` is dynalite itself; `functionsUrl` the gate that checks each function's grants before it. */
  dynamodb: { url: string; functionsUrl: string };
  meta: MetaSandboxHandle | null;
  s3: LocalS3;
  stripe: StripeStandIn;
  openai: (ListeningServer & { baseUrl: string }) | null;
  mailbox: { url: string; mailbox: Mailbox };
  sinks: { url: string; slackWebhookUrl: string; automationWebhookUrl: string };
  kms: { url: string; keyArns: LocalResources['kmsKeyArns'] };
  functions: { runner: FunctionRunner; provide(resources: LocalResources): void };
  sqs: { url: string; sqs: LocalSqs };
  /** EventBridge and its Scheduler: `runs` are the scheduled functions' runs (ticks and "run now"). */
  eventBridge: { url: string; runs: ScheduledRuns };
  secretsManager: { url: string; apiOrigin: TwinEndpoints['apiOrigin'] };
  cognito: { url: string };
  userPool: ProvisionedUserPool & { issuer: string };
  outboxRelay: OutboxRelay;
  demoHistory: null;
  stripeWebhook: null;
  webConfig: { file: string };
  web: { server: ViteDevServer; url: string } | null;
  api: { url: string; siteUrl: string };
  endpointsFile: { endpoints: TwinEndpoints; file: string };
  scheduleTicks: { stop(): void };
}

type Spec<K extends keyof TwinParts> = TwinServiceSpec<TwinParts, K>;
type Ready = StartedParts<TwinParts>;

/**
 * Every service of the twin, in the order it starts: the twin is this list. Each entry starts with what
 * the entries before it give; the ones marked `background` start beside the rest and are awaited where
 * they are needed; all stop in reverse.
 */
export function twinServiceList(settings: TwinSettings): TwinServiceSpec<TwinParts>[] {
  const list = [
    stateFolder(settings),
    dynamodb(settings),
    metaSandbox(settings),
    s3(settings),
    stripe(settings),
    offlineModel(settings),
    mailbox(),
    sinks(settings),
    kms(settings),
    functions(settings),
    sqs(settings),
    eventBridge(settings),
    secretsManager(settings),
    cognito(settings),
    userPool(settings),
    outboxRelay(settings),
    demoHistory(settings),
    stripeWebhook(),
    webConfig(settings),
    web(settings),
    api(settings),
    endpointsFile(settings),
    scheduleTicks(settings),
  ] as TwinServiceSpec<TwinParts>[];
  // Right after the state folder is claimed: every port at once, so a busy one fails before anything slow starts.
  list.splice(1, 0, ports(settings, list) as TwinServiceSpec<TwinParts>);
  return list;
}

/** Claimed before anything in the folder is touched; damaged files an earlier twin left are set aside. */
function stateFolder(settings: TwinSettings): Spec<'stateFolder'> {
  return {
    name: 'stateFolder',
    stateFiles: [LOCK_FILE_NAME],
    start: async () => ({ lock: await openStateDir(settings.stateDir, settings.warn), pendingSaves: [] }),
    // Released last, once every pending save of user data is on disk.
    stop: async ({ lock, pendingSaves }) => {
      await Promise.allSettled(pendingSaves.map((settled) => settled()));
      await lock.release();
    },
  };
}

function ports(settings: TwinSettings, list: readonly TwinServiceSpec<TwinParts>[]): Spec<'ports'> {
  const wanted = list.flatMap((spec) => (spec.listens ? [spec.listens] : []));
  const bound: TwinParts['ports'] = { servers: {}, reserved: {} };
  return {
    name: 'ports',
    start: async () => {
      await Promise.all(
        wanted.map(async ({ port: service, by }) => {
          if (by === 'child process') {
            bound.reserved[service] = await reservePort(service, settings.ports[service]);
            return;
          }
          bound.servers[service] = await listenHttp(service, settings.ports[service]);
        }),
      ).catch(async (error: unknown) => {
        // The ports already bound are closed with the rest.
        await closeAll(bound);
        throw error;
      });
      return bound;
    },
    stop: closeAll,
  };
}

async function listenHttp(service: TwinService, port: number): Promise<ListeningServer> {
  const server = createServer();
  const bound = await listenOn(server, service, port);
  return { server, url: urlOf(bound), port: bound };
}

async function closeAll({ servers }: TwinParts['ports']): Promise<void> {
  await Promise.all(Object.values(servers).map(({ server }) => closeServer(server)));
}

/** The server the `ports` entry bound for a service. */
async function boundServer(twin: Ready, service: TwinService): Promise<ListeningServer> {
  const server = (await twin.ready('ports')).servers[service];
  if (!server) throw new Error(`no port was bound for ${service}`);
  return server;
}

/** dynalite: tables in LevelDB under the state folder, or in memory for a throwaway twin. */
function dynamodb(settings: TwinSettings): Spec<'dynamodb'> {
  let stopDynalite: () => Promise<void> = async () => undefined;
  return {
    name: 'dynamodb',
    stateFiles: ['dynamodb/'],
    listens: { port: 'dynamodb', by: 'child process' },
    background: true,
    start: async (twin) => {
      const port = (await twin.ready('ports')).reserved.dynamodb ?? settings.ports.dynamodb;
      const dynalite = await startDynalite(
        port,
        settings.inMemory ? undefined : path.join(settings.stateDir, 'dynamodb'),
      );
      const gate = await startIamGate({ upstream: urlOf(port), region: settings.region });
      stopDynalite = async () => {
        await gate.stop();
        await dynalite.stop();
      };
      return { url: urlOf(port), functionsUrl: gate.url };
    },
    // Answering, with every table of shared/tables.ts.
    ready: async ({ url }) => {
      await provisionTables(url, settings.region);
    },
    stop: () => stopDynalite(),
  };
}

/**
 * The Meta sandbox. Without it only the Meta features fail, so a broken one is reported and the rest
 * starts; a busy port is still fatal, since the developer asked for that port.
 */
function metaSandbox(settings: TwinSettings): Spec<'meta'> {
  const { options } = settings;
  return {
    name: 'meta',
    stateFiles: [SANDBOX_STATE_FILE],
    background: true,
    start: () =>
      options.meta === false
        ? Promise.resolve(null)
        : startMetaSandboxService(settings.ports.meta, options.metaSeed, {
            pastApproval: options.demoHistory === true,
            // Kept beside the tables, which hold the encrypted tokens this Meta issued.
            ...(settings.inMemory ? {} : { stateDir: settings.stateDir }),
            log: settings.warn,
            ...(options.metaThread ? { thread: true } : {}),
          }).catch((error: unknown) => {
            if (error instanceof TwinSetupError) throw error;
            console.error('[meta] the Meta sandbox failed to start; continuing without it:', error);
            return null;
          }),
    stop: async (sandbox) => sandbox?.stop(),
  };
}

/** The S3 stand-in: the buckets of shared/buckets.ts, objects kept under the state folder. */
function s3(settings: TwinSettings): Spec<'s3'> {
  return {
    name: 's3',
    stateFiles: ['s3/'],
    start: () => startLocalS3({ port: settings.ports.s3, stateDir: settings.stateDir, region: settings.region }),
    stop: (local) => local.stop(),
  };
}

function stripe(settings: TwinSettings): Spec<'stripe'> {
  return {
    name: 'stripe',
    stateFiles: ['stripe.json'],
    background: true,
    start: () => startStripeService(settings.ports.stripe, settings.stateDir, settings.log),
    stop: (standIn) => standIn.stop(),
  };
}

/** The offline demo model, unless the developer brought a real key or another OpenAI-compatible server. */
function offlineModel(settings: TwinSettings): Spec<'openai'> {
  return {
    name: 'openai',
    start: async () => {
      if (!settings.offline) return null;
      const listening = await listenHttp('openai', settings.ports.openai);
      const calls: OfflineModelCall[] = [];
      listening.server.on('request', offlineModelHandler(new OfflineModelFaultSwitches(), calls));
      return { ...listening, baseUrl: `${listening.url}/v1` };
    },
    stop: async (model) => (model ? closeServer(model.server) : undefined),
  };
}

/** The dev mailbox: what Cognito and SES would have sent. */
function mailbox(): Spec<'mailbox'> {
  return {
    name: 'mailbox',
    listens: { port: 'mailbox', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'mailbox');
      const inbox = new Mailbox();
      server.on('request', mailboxHandler(inbox, LOCAL_EMAIL_FROM));
      return { url, mailbox: inbox };
    },
  };
}

/** Slack and the automation webhook: sinks that record every delivery. */
function sinks(settings: TwinSettings): Spec<'sinks'> {
  return {
    name: 'sinks',
    listens: { port: 'sinks', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'sinks');
      const postInterval = settings.options.notifications?.minPostIntervalMs;
      // The Slack sink rate-limits as Slack does, at the pace the forwarders are tuned to.
      server.on(
        'request',
        sinksHandler(postInterval ? { slackLimits: { postsPerSecond: 1000 / postInterval, burst: 3 } } : {}),
      );
      return { url, slackWebhookUrl: `${url}${LOCAL_SLACK_PATH}`, automationWebhookUrl: `${url}${LOCAL_WEBHOOK_PATH}` };
    },
  };
}

/** Key material stays under the state folder, so tokens sealed before a restart still open after it. */
function kms(settings: TwinSettings): Spec<'kms'> {
  return {
    name: 'kms',
    stateFiles: ['kms/'],
    listens: { port: 'kms', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'kms');
      const local = await openLocalKms({
        stateDir: settings.stateDir,
        region: settings.region,
        aliases: Object.values(localKmsAliases()),
      });
      server.on('request', kmsHandler(local));
      return { url, keyArns: kmsKeyArns(local) };
    },
  };
}

/** Each key of the KMS keys table with its ARN in the local KMS. */
function kmsKeyArns(local: LocalKms): LocalResources['kmsKeyArns'] {
  return Object.fromEntries(
    Object.entries(localKmsAliases()).map(([key, alias]) => [key, local.keyArnOf(alias)]),
  ) as LocalResources['kmsKeyArns'];
}

/** Lambda: each function in its own worker, with exactly the environment its entry declares. */
function functions(settings: TwinSettings): Spec<'functions'> {
  const { options } = settings;
  return {
    name: 'functions',
    start: async () => {
      // What the stacks would hand to functions; known once the pool exists (before any invocation).
      let resources: LocalResources | undefined;
      const runner = new FunctionRunner({
        lambdasDir: options.lambdasDir ?? path.join(settings.repoRoot, 'lambdas'),
        // Shared by every twin of this checkout: bundling the AWS SDK takes seconds, reuse takes none. Keyed by the
        // checkout: git worktrees share one node_modules (a symlink), and two checkouts' twins bundling into one
        // folder replaced each other's functions mid-test.
        bundleDir: path.join(
          settings.repoRoot,
          'node_modules',
          '.cache',
          'adsmith-functions',
          createHash('sha256').update(path.resolve(settings.repoRoot)).digest('hex').slice(0, 12),
        ),
        namePrefix: LOCAL_NAME_PREFIX,
        region: settings.region,
        environment: (fn) => {
          if (!resources) throw new Error(`lambdas/${fn} was invoked before the twin finished starting`);
          // The forwarders also get the notification timings a test scaled down (none in normal use).
          return { ...functionEnvironment(fn, resources), ...notificationEnvironment(options.notifications) };
        },
      });
      // Bundling needs no environment: start it now, beside the emulators.
      runner.prepare(functionNames());
      return { runner, provide: (known) => (resources = known) };
    },
    stop: ({ runner }) => runner.stop(),
  };
}

/** Job queues (marketing-mix fits): SendMessage from the producers, the consumers invoked as SQS would. */
function sqs(settings: TwinSettings): Spec<'sqs'> {
  return {
    name: 'sqs',
    stateFiles: ['sqs-queues.json'],
    listens: { port: 'sqs', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'sqs');
      const { runner } = await twin.ready('functions');
      const queues = new LocalSqs({
        region: settings.region,
        queueName: (key) => physicalQueueName(LOCAL_NAME_PREFIX, key),
        invoke: (fn, event) => runner.invoke(fn, event),
        // Queued fits survive a restart like the tables they refer to (a throwaway twin keeps neither).
        ...(settings.inMemory ? {} : { stateFile: path.join(settings.stateDir, 'sqs-queues.json') }),
        log: settings.log,
      });
      await queues.restore();
      queues.setBaseUrl(url);
      server.on('request', localSqsHandler(queues));
      return { url, sqs: queues };
    },
    stop: async ({ sqs: queues }) => {
      queues.stop();
      await queues.settled();
    },
  };
}

/** The bus's rules deliver into queues, each drained by its forwarder, run by the function runner. */
function eventBridge(settings: TwinSettings): Spec<'eventBridge'> {
  let queues: Record<string, LocalQueue> = {};
  return {
    name: 'eventBridge',
    stateFiles: [`${EVENT_QUEUES_DIR}/`],
    listens: { port: 'eventBridge', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'eventBridge');
      const { runner } = await twin.ready('functions');
      // Queued notifications survive a restart, or a kill, like the outbox rows they came from (issue 23, finding 9).
      const notificationQueues = await startNotificationQueues({
        region: settings.region,
        runner,
        tuning: settings.options.notifications,
        ...(settings.inMemory ? {} : { stateDir: settings.stateDir }),
      });
      queues = notificationQueues;
      const runs = new ScheduledRuns((fn, event) => runner.invoke(fn, event));
      // The fault switch lets tests take the bus down (`POST <eventBridge>/__admin/faults`); Scheduler's "run now"
      // lets them run a scheduled function when they choose (`POST <eventBridge>/__admin/schedules/<fn>/run`).
      server.on(
        'request',
        scheduleAdminHandler(
          runs,
          withBusFaults(
            eventBusHandler({ region: settings.region, busName: LOCAL_EVENT_BUS_NAME, queues: notificationQueues }),
          ),
        ),
      );
      return { url, runs };
    },
    stop: async () => {
      for (const queue of Object.values(queues)) queue.stop();
      await Promise.all(Object.values(queues).map((queue) => queue.settled()));
    },
  };
}

/** The secrets of shared/secrets.ts with the twin's values (HMAC keys kept in the state folder). */
function secretsManager(settings: TwinSettings): Spec<'secretsManager'> {
  return {
    name: 'secretsManager',
    stateFiles: [OAUTH_STATE_KEY_FILE, 'mmm-share-key', CHAT_ADDRESS_SALT_FILE],
    listens: { port: 'secretsManager', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'secretsManager');
      const sinkUrls = await twin.ready('sinks');
      // What CloudFront adds to /api requests; the twin's web proxy (and its Stripe, which in AWS posts through
      // CloudFront) add it here. A new value at each start, as AWS generates one at deploy.
      const apiOrigin = { header: ORIGIN_VERIFY_HEADER, value: randomBytes(24).toString('base64url') };
      const values = await localSecretValues({
        originVerifyValue: apiOrigin.value,
        stateDir: settings.stateDir,
        slackSinkUrl: sinkUrls.slackWebhookUrl,
        webhookSinkUrl: sinkUrls.automationWebhookUrl,
        // The offline model wants a key like any OpenAI server; a real key never goes to it.
        openaiApiKey: settings.offline ? 'sk-offline-demo-model' : process.env.OPENAI_API_KEY,
      });
      server.on('request', secretsManagerHandler(settings.region, values));
      return { url, apiOrigin };
    },
  };
}

/** cognito-local behind the twin's Cognito front, its users kept in the state folder. */
function cognito(settings: TwinSettings): Spec<'cognito'> {
  return {
    name: 'cognito',
    stateFiles: [`${COGNITO_STATE_DIR}/`],
    listens: { port: 'cognito', by: 'http server' },
    start: async (twin) => {
      const { server, url } = await boundServer(twin, 'cognito');
      const emulator = await createCognitoEmulator({
        dataDir: path.join(settings.stateDir, COGNITO_STATE_DIR),
        issuerOrigin: url,
        region: settings.region,
        mailbox: (await twin.ready('mailbox')).mailbox,
        runner: (await twin.ready('functions')).runner,
      });
      (await twin.ready('stateFolder')).pendingSaves.push(() => emulator.settled());
      server.on('request', cognitoFrontHandler(emulator, url));
      return { url };
    },
  };
}

/** The user pool, its clients and the confirmed demo user. */
function userPool(settings: TwinSettings): Spec<'userPool'> {
  return {
    name: 'userPool',
    start: async (twin) => {
      const { url } = await twin.ready('cognito');
      const client = cognitoClientFor(url, settings.region);
      try {
        const pool = await provisionUserPool(client);
        await seedDemoUser(client, pool.userPoolId);
        await seedDemoOperator(client, pool.userPoolId);
        return { ...pool, issuer: `${url}/${pool.userPoolId}` };
      } finally {
        client.destroy();
      }
    },
  };
}

/** The outbox table's stream + EventBridge Pipe, as the twin does it: read rows, put them on the bus. */
function outboxRelay(settings: TwinSettings): Spec<'outboxRelay'> {
  return {
    name: 'outboxRelay',
    start: async (twin) =>
      startOutboxRelay({
        dynamodbUrl: (await twin.ready('dynamodb')).url,
        eventBridgeUrl: (await twin.ready('eventBridge')).url,
        region: settings.region,
        table: localTableName('eventOutbox'),
        busName: LOCAL_EVENT_BUS_NAME,
      }),
    stop: (relay) => relay.stop(),
  };
}

/**
 * The demo user's history for a first look (`demoHistory`): a recommendation approved days ago. A world kept
 * from the last run already has its approval stored (and perhaps undone since): written once per seed.
 */
function demoHistory(settings: TwinSettings): Spec<'demoHistory'> {
  return {
    name: 'demoHistory',
    start: async (twin) => {
      const meta = await twin.ready('meta');
      const approval = settings.options.demoHistory && !meta?.keptWorld ? meta?.pastApproval() : undefined;
      if (!approval) return null;
      // A demo nicety: a failure is said and the rest starts.
      const cognitoClient = cognitoClientFor((await twin.ready('cognito')).url, settings.region);
      const doc = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          endpoint: (await twin.ready('dynamodb')).url,
          region: settings.region,
          credentials: LOCAL_CREDENTIALS,
        }),
      );
      await seedDemoPastApproval({
        cognito: cognitoClient,
        userPoolId: (await twin.ready('userPool')).userPoolId,
        demoEmail: DEMO_USER.email,
        doc,
        table: localTableName('optimizerRecommendations'),
        approval,
        now: new Date(),
      })
        .catch((error: unknown) => console.error('[demo] the demo applied recommendation was not stored:', error))
        .finally(() => {
          cognitoClient.destroy();
          doc.destroy();
        });
      return null;
    },
  };
}

/** Stripe sends its signed webhooks to the product's own route, as in production. */
function stripeWebhook(): Spec<'stripeWebhook'> {
  return {
    name: 'stripeWebhook',
    start: async (twin) => {
      const { apiOrigin } = await twin.ready('secretsManager');
      const api = await boundServer(twin, 'api');
      (await twin.ready('stripe')).setWebhookUrl(`${api.url}/api/billing/webhook`, {
        [apiOrigin.header]: apiOrigin.value,
      });
      return null;
    },
  };
}

/** The web app's runtime config (the config.json CloudFront serves in AWS). */
function webConfig(settings: TwinSettings): Spec<'webConfig'> {
  return {
    name: 'webConfig',
    stateFiles: ['web-config.json'],
    start: async (twin) => {
      const file = path.join(settings.stateDir, 'web-config.json');
      const pool = await twin.ready('userPool');
      const model = await twin.ready('openai');
      await writeWebConfig(
        file,
        localWebConfig({
          region: settings.region,
          userPoolId: pool.userPoolId,
          userPoolClientId: pool.userPoolClientId,
          signUpClientId: pool.signUpClientId,
          cognitoUrl: (await twin.ready('cognito')).url,
          offlineModel: settings.offline,
          openaiBaseUrl: model?.baseUrl ?? process.env.OPENAI_BASE_URL,
        }),
      );
      return { file };
    },
  };
}

/** Vite serving the web app, proxying /api to the gateway with CloudFront's origin header. */
function web(settings: TwinSettings): Spec<'web'> {
  return {
    name: 'web',
    start: async (twin) => {
      if (settings.options.web === false) return null;
      const started = await startViteDevServer({
        configFile: path.join(settings.repoRoot, 'web/vite.config.ts'),
        port: settings.ports.web,
        apiUrl: (await boundServer(twin, 'api')).url,
        apiOrigin: (await twin.ready('secretsManager')).apiOrigin,
        webConfigFile: (await twin.ready('webConfig')).file,
      });
      if (!started) settings.log('web: web/vite.config.ts not found, starting without the web app');
      return started;
    },
    stop: async (started) => started?.server.close(),
  };
}

/**
 * The API Gateway stand-in: the routes table's routes, the JWT authorizer, the real handlers. Functions can
 * run from here on, given what the stacks would give them.
 */
function api(settings: TwinSettings): Spec<'api'> {
  return {
    name: 'api',
    listens: { port: 'api', by: 'http server' },
    start: async (twin) => {
      const gateway = await boundServer(twin, 'api');
      const { runner, provide } = await twin.ready('functions');
      const pool = await twin.ready('userPool');
      const site = await twin.ready('web');
      const localS3 = await twin.ready('s3');
      const jobs = await twin.ready('sqs');
      // The links in emails lead to the web app; without it (tests) to where it would listen.
      const siteUrl =
        settings.options.siteUrl ?? site?.url ?? urlOf(settings.ports.web || twinServices.web.defaultPort);
      // Each function gets only what its entry in shared/functions.ts declares (see FunctionRunner).
      provide(await functionResources(twin, settings, siteUrl));
      // Functions can run now: jobs a previous twin left queued are delivered from here on.
      jobs.sqs.start();

      // Browsers upload to presigned URLs from the site, as the bucket's CORS rule allows in AWS.
      // The web listens on 127.0.0.1 and people open it as localhost: both are the site's origin here.
      const siteOrigins = [siteUrl, ...(site ? [site.url] : [])].map((url) => new URL(url).origin);
      localS3.allowOrigins([
        ...siteOrigins,
        ...siteOrigins.map((origin) => origin.replace('//127.0.0.1:', '//localhost:')),
      ]);

      gateway.server.on(
        'request',
        gatewayHandler({
          routes: Object.values(routes),
          runner,
          authorize: createJwtAuthorizer({ issuer: pool.issuer, audience: [pool.userPoolClientId] }),
          port: () => gateway.port,
          logRequests: settings.options.logRequests,
        }),
      );
      return { url: gateway.url, siteUrl };
    },
  };
}

/** What the stacks would hand to functions, here. */
async function functionResources(twin: Ready, settings: TwinSettings, siteUrl: string): Promise<LocalResources> {
  const pool = await twin.ready('userPool');
  const localS3 = await twin.ready('s3');
  const model = await twin.ready('openai');
  return {
    region: settings.region,
    dynamodbUrl: (await twin.ready('dynamodb')).functionsUrl,
    secretsManagerUrl: (await twin.ready('secretsManager')).url,
    eventBridgeUrl: (await twin.ready('eventBridge')).url,
    cognitoUrl: (await twin.ready('cognito')).url,
    userPoolId: pool.userPoolId,
    userPoolIssuer: pool.issuer,
    userPoolClientId: pool.userPoolClientId,
    siteUrl,
    ...(settings.options.notifications?.slackClicks ? { slackClicks: settings.options.notifications.slackClicks } : {}),
    mfaForPaidOwners: settings.options.mfaForPaidOwners ?? process.env.ADSMITH_MFA_FOR_PAID_OWNERS === 'required',
    metaUrl: (await twin.ready('meta'))?.url,
    stripeUrl: (await twin.ready('stripe')).url,
    kmsUrl: (await twin.ready('kms')).url,
    kmsKeyArns: (await twin.ready('kms')).keyArns,
    sqsUrl: (await twin.ready('sqs')).url,
    s3Url: localS3.url,
    sesUrl: (await twin.ready('mailbox')).url,
    bucketNames: localS3.bucketNames,
    jobQueueUrls: (await twin.ready('sqs')).sqs.queueUrls(),
    ai: {
      offline: settings.offline,
      // The offline model, or a developer's own OpenAI-compatible server; unset means api.openai.com.
      baseUrl: model?.baseUrl ?? process.env.OPENAI_BASE_URL,
      dailyGenerationLimit: process.env.AI_DAILY_GENERATION_LIMIT,
    },
  };
}

/** `<stateDir>/endpoints.json`: every URL, the pool and client ids, for tests, scripts and people. */
function endpointsFile(settings: TwinSettings): Spec<'endpointsFile'> {
  return {
    name: 'endpointsFile',
    stateFiles: ['endpoints.json'],
    start: async (twin) => {
      const endpoints = await twinEndpoints(twin, settings);
      const file = path.join(settings.stateDir, 'endpoints.json');
      await writeEndpointsFile(file, endpoints);
      // What a second twin started on this folder names when it refuses.
      await (
        await twin.ready('stateFolder')
      ).lock.describe({
        ...(endpoints.web ? { web: endpoints.web } : {}),
        api: endpoints.api,
        cognito: endpoints.cognito.endpoint,
      });
      return { endpoints, file };
    },
  };
}

async function twinEndpoints(twin: Ready, settings: TwinSettings): Promise<TwinEndpoints> {
  const pool = await twin.ready('userPool');
  const cognitoUrl = (await twin.ready('cognito')).url;
  const sinkUrls = await twin.ready('sinks');
  const meta = await twin.ready('meta');
  const model = await twin.ready('openai');
  return {
    web: (await twin.ready('web'))?.url ?? null,
    api: (await twin.ready('api')).url,
    apiOrigin: (await twin.ready('secretsManager')).apiOrigin,
    cognito: {
      endpoint: cognitoUrl,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      signUpClientId: pool.signUpClientId,
      region: settings.region,
      issuer: pool.issuer,
    },
    mailbox: (await twin.ready('mailbox')).url,
    dynamodb: (await twin.ready('dynamodb')).url,
    secretsManager: (await twin.ready('secretsManager')).url,
    eventBridge: (await twin.ready('eventBridge')).url,
    schedules: `${(await twin.ready('eventBridge')).url}/__admin/schedules`,
    kms: (await twin.ready('kms')).url,
    sinks: sinkUrls.url,
    slackSink: {
      webhookUrl: sinkUrls.slackWebhookUrl,
      requests: `${sinkUrls.url}/slack/requests`,
      faults: `${sinkUrls.url}/slack/__admin/faults`,
    },
    webhookSink: {
      webhookUrl: sinkUrls.automationWebhookUrl,
      requests: `${sinkUrls.url}/webhook/requests`,
      faults: `${sinkUrls.url}/webhook/__admin/faults`,
    },
    sqs: (await twin.ready('sqs')).url,
    s3: (await twin.ready('s3')).url,
    ...(meta ? { meta: meta.url } : {}),
    stripe: (await twin.ready('stripe')).url,
    ...(model ? { openai: model.url } : {}),
    demoUser: { ...DEMO_USER },
    demoOperator: { ...DEMO_OPERATOR },
  };
}

/** Scheduled functions (the automation rules runner) tick once everything they call is up. */
function scheduleTicks(settings: TwinSettings): Spec<'scheduleTicks'> {
  return {
    name: 'scheduleTicks',
    start: async (twin) => {
      return startScheduleTicks({
        runs: (await twin.ready('eventBridge')).runs,
        periodMs: settings.options.scheduleTickMs ?? tickPeriodFromEnv(),
        log: settings.log,
      });
    },
    stop: async (ticks) => ticks.stop(),
  };
}
