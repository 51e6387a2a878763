import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ViteDevServer } from 'vite';
import { functionNames } from '@shared/functions';
import { physicalQueueName } from '@shared/job-queues';
import { routes } from '@shared/routes';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { createCognitoEmulator } from './cognito/cognito-emulator';
import { cognitoFrontHandler } from './cognito/cognito-front-handler';
import { cognitoClientFor, DEMO_USER, provisionUserPool, seedDemoUser } from './cognito/provision-user-pool';
import { seedDemoPastApproval } from './demo-past-approval';
import { startDynalite, type DynaliteProcess } from './dynamodb/dynalite-process';
import { provisionTables } from './dynamodb/provision-tables';
import { writeEndpointsFile, type TwinEndpoints } from './endpoints-file';
import { withBusFaults } from './events/bus-faults';
import { eventBusHandler } from './events/event-bus-handler';
import type { LocalQueue } from './events/local-queue';
import {
  notificationEnvironment,
  startNotificationQueues,
  type NotificationTuning,
} from './events/notification-queues';
import { startOutboxRelay } from './events/outbox-relay';
import { startScheduleTicks, tickPeriodFromEnv } from './schedule-ticks';
import { FunctionRunner } from './function-runner';
import { gatewayHandler } from './gateway/gateway-handler';
import { createJwtAuthorizer } from './gateway/jwt-authorizer';
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
import { kmsHandler } from './kms/kms-handler';
import { openLocalKms, type LocalKms } from './kms/local-kms';
import { closeServer, listenOn, reservePort, urlOf } from './listen';
import { Mailbox } from './mailbox/mailbox';
import { mailboxHandler } from './mailbox/mailbox-handler';
import type { SeedOptions } from './meta-sandbox/seed';
import { startMetaSandboxService } from './meta-sandbox-service';
import { startStripeService } from './stripe-service';
import { LocalSqs, localSqsHandler } from './sqs/local-sqs';
import { startLocalS3 } from './s3/s3-service';
import { localSecretValues } from './secrets/local-secret-values';
import { secretsManagerHandler } from './secrets/secrets-manager-handler';
import { openStateDir } from './state/state-dir';
import { LOCAL_SLACK_PATH, LOCAL_WEBHOOK_PATH, sinksHandler } from './sinks/sinks-handler';
import { autoPorts, portsFromEnv, TwinSetupError, twinServices, type TwinPorts } from './twin-ports';
import { offlineModelHandler, type OfflineModelCall } from './openai/offline-model-server';
import { OfflineModelFaultSwitches } from './openai/offline-model-faults';
import { startViteDevServer } from './web/vite-dev-server';
import { localWebConfig, writeWebConfig } from './web/web-config-file';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_REGION = 'us-east-1';

export interface TwinOptions {
  /** 'auto' picks free ports (tests); otherwise each missing port comes from its env var or default. */
  ports?: 'auto' | Partial<TwinPorts>;
  /** Where state lives: cognito users, tables, the HMAC key, endpoints.json. Default `<repo>/.local`. */
  stateDir?: string;
  /**
   * 'persisted' keeps tables in `<stateDir>/dynamodb`; 'memory' forgets them on stop.
   * Default: 'memory' with `ports: 'auto'` (tests), else 'persisted'.
   */
  dynamodb?: 'persisted' | 'memory';
  /** Start Vite for the web app. Default true. */
  web?: boolean;
  /** Start the Meta sandbox (Graph API + OAuth dialog). Default true. */
  meta?: boolean;
  /**
   * The AI model: 'auto' runs the offline demo model unless OPENAI_API_KEY or
   * OPENAI_BASE_URL is set (then that is used); 'offline' always runs it (tests). Default 'auto'.
   */
  ai?: 'auto' | 'offline';
  /** How the Meta sandbox seeds its world (benchmarks ask for hundreds of campaigns). */
  metaSeed?: SeedOptions;
  region?: string;
  /** The site the emailed links lead to. Default: the twin's web app (or where it would listen). */
  siteUrl?: string;
  /** Where `<fn>/handler.ts` live. Default `<repo>/lambdas`. */
  lambdasDir?: string;
  /** Progress lines; silent when omitted. */
  log?: (line: string) => void;
  /** One line per API request. */
  logRequests?: boolean;
  /** Queue and forwarder timings, scaled down by tests that replay long outages quickly. */
  notifications?: NotificationTuning;
  /**
   * The period of scheduled functions (EventBridge Scheduler's stand-in), or 'off'. Default:
   * `ADSMITH_SCHEDULE_TICK_MS`, else each function's declared rate.
   */
  scheduleTickMs?: number | 'off';
  /**
   * Seed the demo user's history for a first look: a recommendation approved days ago, measured on the
   * optimizer's Applied tab. `npm run dev` sets it; tests leave the sandbox's world as seeded. Default false.
   */
  demoHistory?: boolean;
}

export interface Twin {
  endpoints: TwinEndpoints;
  /** Files the twin wrote, for people and tools. */
  files: { endpoints: string; webConfig: string };
  /** Settles when every function's execution environment has loaded (or failed to). */
  warmed: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the local twin: every AWS service the product uses, spoken locally over
 * the real wire protocols, with the real handlers. Idempotent over `stateDir`.
 * On failure everything already started is stopped before the error is thrown.
 */
/** Each key of the KMS keys table with its ARN in the local KMS. */
function kmsKeyArns(kms: LocalKms): LocalResources['kmsKeyArns'] {
  return Object.fromEntries(
    Object.entries(localKmsAliases()).map(([key, alias]) => [key, kms.keyArnOf(alias)]),
  ) as LocalResources['kmsKeyArns'];
}

export async function startTwin(options: TwinOptions = {}): Promise<Twin> {
  const log = options.log ?? (() => undefined);
  const region = options.region ?? DEFAULT_REGION;
  const stateDir = path.resolve(options.stateDir ?? path.join(REPO_ROOT, '.local'));
  const ports: TwinPorts = options.ports === 'auto' ? autoPorts() : { ...portsFromEnv(), ...options.ports };
  const stoppers: (() => Promise<void>)[] = [];
  // Services starting in the background; on failure they are awaited so each one started is stopped too.
  const starting: Promise<unknown>[] = [];
  const stop = async () => {
    // Last started, first stopped; one failing stop must not keep the others running.
    for (const stopOne of stoppers.splice(0).reverse())
      await stopOne().catch((error: unknown) => console.error('[twin] stop failed:', error));
  };

  // The SDK warns that Node 20 support ends in 2027; functions run on Node 22 in AWS, so here it is noise.
  // (The twin's own clients; functions get the same setting in their environment.)
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  try {
    // Before anything in the folder is touched; damaged files an earlier twin left are set aside.
    const lock = await openStateDir(stateDir, options.log ?? ((line) => console.warn(line)));
    // Released last, once every pending save of user data is on disk.
    const pendingSaves: (() => Promise<void>)[] = [];
    stoppers.push(async () => {
      await Promise.allSettled(pendingSaves.map((settled) => settled()));
      await lock.release();
    });
    const listen = async (service: Parameters<typeof listenOn>[1]) => {
      const server: Server = createServer();
      const port = await listenOn(server, service, ports[service]);
      stoppers.push(() => closeServer(server));
      return { server, url: urlOf(port), port };
    };

    // Bind every port first: a busy one fails before anything slow starts.
    const [api, cognitoFront, mailboxServer, secretsServer, busServer, sinksServer, dynamoPort, kmsServer, sqsServer] =
      await Promise.all([
        listen('api'),
        listen('cognito'),
        listen('mailbox'),
        listen('secretsManager'),
        listen('eventBridge'),
        listen('sinks'),
        reservePort('dynamodb', ports.dynamodb),
        listen('kms'),
        listen('sqs'),
      ]);

    const inMemory = (options.dynamodb ?? (options.ports === 'auto' ? 'memory' : 'persisted')) === 'memory';
    const dynamoStarting = startDynalite(dynamoPort, inMemory ? undefined : path.join(stateDir, 'dynamodb'));
    starting.push(dynamoStarting);
    dynamoStarting.then(
      (dynalite: DynaliteProcess) => stoppers.push(dynalite.stop),
      () => undefined,
    );

    // Without the sandbox only the Meta features fail, so a broken one is reported and the rest starts;
    // a busy port is still fatal, since the developer asked for that port.
    const metaStarting =
      options.meta === false
        ? Promise.resolve(null)
        : startMetaSandboxService(ports.meta, options.metaSeed, {
            pastApproval: options.demoHistory === true,
            // Kept beside the tables, which hold the encrypted tokens this Meta issued.
            ...(inMemory ? {} : { stateDir }),
            log: options.log ?? ((line) => console.warn(line)),
          }).catch((error: unknown) => {
            if (error instanceof TwinSetupError) throw error;
            console.error('[meta] the Meta sandbox failed to start; continuing without it:', error);
            return null;
          });
    starting.push(metaStarting);
    metaStarting.then(
      (sandbox) => sandbox && stoppers.push(() => sandbox.stop()),
      () => undefined,
    );

    // The S3 stand-in: the buckets of shared/buckets.ts, objects kept under the state folder.
    const s3 = await startLocalS3({ port: ports.s3, stateDir, region });
    stoppers.push(() => s3.stop());

    const stripeStarting = startStripeService(ports.stripe, stateDir, log);
    starting.push(stripeStarting);
    stripeStarting.then(
      (stripe) => stoppers.push(() => stripe.stop()),
      () => undefined,
    );
    // The offline demo model, unless the developer brought a real key or another OpenAI-compatible server.
    const offline = options.ai === 'offline' || (!process.env.OPENAI_API_KEY && !process.env.OPENAI_BASE_URL);
    let offlineModel: { url: string; baseUrl: string } | null = null;
    if (offline) {
      const openaiServer = await listen('openai');
      const calls: OfflineModelCall[] = [];
      openaiServer.server.on('request', offlineModelHandler(new OfflineModelFaultSwitches(), calls));
      offlineModel = { url: openaiServer.url, baseUrl: `${openaiServer.url}/v1` };
    }

    const mailbox = new Mailbox();
    mailboxServer.server.on('request', mailboxHandler(mailbox, LOCAL_EMAIL_FROM));
    const postInterval = options.notifications?.minPostIntervalMs;
    // The Slack sink rate-limits as Slack does, at the pace the forwarders are tuned to.
    sinksServer.server.on(
      'request',
      sinksHandler(postInterval ? { slackLimits: { postsPerSecond: 1000 / postInterval, burst: 3 } } : {}),
    );
    // Key material stays under the state dir, so tokens sealed before a restart still open after it.
    const kms = await openLocalKms({ stateDir, region, aliases: Object.values(localKmsAliases()) });
    kmsServer.server.on('request', kmsHandler(kms));

    // What the stacks would hand to functions; known once the pool exists (before any invocation).
    const known: { resources?: LocalResources } = {};
    const runner = new FunctionRunner({
      lambdasDir: options.lambdasDir ?? path.join(REPO_ROOT, 'lambdas'),
      // Shared by every twin of this checkout: bundling the AWS SDK takes seconds, reuse takes none.
      bundleDir: path.join(REPO_ROOT, 'node_modules', '.cache', 'adsmith-functions'),
      namePrefix: LOCAL_NAME_PREFIX,
      region,
      environment: (fn) => {
        if (!known.resources) throw new Error(`lambdas/${fn} was invoked before the twin finished starting`);
        // The forwarders also get the notification timings a test scaled down (none in normal use).
        return { ...functionEnvironment(fn, known.resources), ...notificationEnvironment(options.notifications) };
      },
    });
    stoppers.push(() => runner.stop());
    // Job queues (marketing-mix fits): SendMessage from the producers, the consumers invoked as SQS would.
    const sqs = new LocalSqs({
      region,
      queueName: (key) => physicalQueueName(LOCAL_NAME_PREFIX, key),
      invoke: (fn, event) => runner.invoke(fn, event),
      // Queued fits survive a restart like the tables they refer to (a throwaway twin keeps neither).
      ...(inMemory ? {} : { stateFile: path.join(stateDir, 'sqs-queues.json') }),
      log,
    });
    await sqs.restore();
    sqs.setBaseUrl(sqsServer.url);
    sqsServer.server.on('request', localSqsHandler(sqs));
    stoppers.push(async () => {
      sqs.stop();
      await sqs.settled();
    });
    // Bundling needs no environment: start it now, beside the emulators.
    runner.prepare(functionNames());
    // The bus's rules deliver into these queues; each is drained by its forwarder, run by the runner.
    const notificationQueues = startNotificationQueues({ region, runner, tuning: options.notifications });
    stoppers.push(async () => Object.values(notificationQueues).forEach((queue: LocalQueue) => queue.stop()));
    // The fault switch lets tests take the bus down (`POST <eventBridge>/__admin/faults`).
    busServer.server.on(
      'request',
      withBusFaults(eventBusHandler({ region, busName: LOCAL_EVENT_BUS_NAME, queues: notificationQueues })),
    );
    const slackWebhookUrl = `${sinksServer.url}${LOCAL_SLACK_PATH}`;
    const automationWebhookUrl = `${sinksServer.url}${LOCAL_WEBHOOK_PATH}`;
    // What CloudFront adds to /api requests; the twin's web proxy (and its Stripe, which in AWS posts through
    // CloudFront) add it here. A new value at each start, as AWS generates one at deploy.
    const apiOrigin = { header: ORIGIN_VERIFY_HEADER, value: randomBytes(24).toString('base64url') };
    const secretValues = await localSecretValues({
      originVerifyValue: apiOrigin.value,
      stateDir,
      slackSinkUrl: slackWebhookUrl,
      webhookSinkUrl: automationWebhookUrl,
      // The offline model wants a key like any OpenAI server; a real key never goes to it.
      openaiApiKey: offline ? 'sk-offline-demo-model' : process.env.OPENAI_API_KEY,
    });
    secretsServer.server.on('request', secretsManagerHandler(region, secretValues));

    const emulator = await createCognitoEmulator({
      dataDir: path.join(stateDir, 'cognito'),
      issuerOrigin: cognitoFront.url,
      region,
      mailbox,
      runner,
    });
    pendingSaves.push(() => emulator.settled());
    cognitoFront.server.on('request', cognitoFrontHandler(emulator, cognitoFront.url));

    const cognitoClient = cognitoClientFor(cognitoFront.url, region);
    const [pool] = await Promise.all([
      provisionUserPool(cognitoClient).then(async (provisioned) => {
        await seedDemoUser(cognitoClient, provisioned.userPoolId);
        return provisioned;
      }),
      dynamoStarting.then(() => provisionTables(urlOf(dynamoPort), region)),
    ]);
    cognitoClient.destroy();

    // The outbox table's stream + EventBridge Pipe, as the twin does it: read rows, put them on the bus.
    const outboxRelay = startOutboxRelay({
      dynamodbUrl: urlOf(dynamoPort),
      eventBridgeUrl: busServer.url,
      region,
      table: localTableName('eventOutbox'),
      busName: LOCAL_EVENT_BUS_NAME,
    });
    stoppers.push(() => outboxRelay.stop());

    const meta = await metaStarting;
    // A world kept from the last run already has its approval stored (and perhaps undone since): written once per seed.
    const pastApproval = options.demoHistory && !meta?.keptWorld ? meta?.pastApproval() : undefined;
    if (pastApproval) {
      // A demo nicety: a failure is said and the rest starts.
      const cognito = cognitoClientFor(cognitoFront.url, region);
      const doc = DynamoDBDocumentClient.from(
        new DynamoDBClient({ endpoint: urlOf(dynamoPort), region, credentials: LOCAL_CREDENTIALS }),
      );
      await seedDemoPastApproval({
        cognito,
        userPoolId: pool.userPoolId,
        demoEmail: DEMO_USER.email,
        doc,
        table: localTableName('optimizerRecommendations'),
        approval: pastApproval,
        now: new Date(),
      })
        .catch((error: unknown) => console.error('[demo] the demo applied recommendation was not stored:', error))
        .finally(() => {
          cognito.destroy();
          doc.destroy();
        });
    }
    const stripe = await stripeStarting;
    // Stripe sends its signed webhooks to the product's own route, as in production.
    stripe.setWebhookUrl(`${api.url}/api/billing/webhook`, { [apiOrigin.header]: apiOrigin.value });

    const webConfigFile = path.join(stateDir, 'web-config.json');
    await writeWebConfig(
      webConfigFile,
      localWebConfig({
        region,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        signUpClientId: pool.signUpClientId,
        cognitoUrl: cognitoFront.url,
        offlineModel: offline,
        openaiBaseUrl: offlineModel?.baseUrl ?? process.env.OPENAI_BASE_URL,
      }),
    );

    let web: { server: ViteDevServer; url: string } | null = null;
    if (options.web !== false) {
      web = await startViteDevServer({
        configFile: path.join(REPO_ROOT, 'web/vite.config.ts'),
        port: ports.web,
        apiUrl: api.url,
        apiOrigin,
        webConfigFile,
      });
      if (web) {
        const vite = web.server;
        stoppers.push(() => vite.close());
      } else {
        log('web: web/vite.config.ts not found, starting without the web app');
      }
    }

    // The links in emails lead to the web app; without it (tests) to where it would listen.
    const siteUrl = options.siteUrl ?? web?.url ?? urlOf(ports.web || twinServices.web.defaultPort);
    // Each function gets only what its entry in shared/functions.ts declares (see FunctionRunner).
    known.resources = {
      region,
      dynamodbUrl: urlOf(dynamoPort),
      secretsManagerUrl: secretsServer.url,
      eventBridgeUrl: busServer.url,
      cognitoUrl: cognitoFront.url,
      userPoolId: pool.userPoolId,
      userPoolIssuer: `${cognitoFront.url}/${pool.userPoolId}`,
      userPoolClientId: pool.userPoolClientId,
      siteUrl,
      metaUrl: meta?.url,
      stripeUrl: stripe.url,
      kmsUrl: kmsServer.url,
      kmsKeyArns: kmsKeyArns(kms),
      sqsUrl: sqsServer.url,
      s3Url: s3.url,
      sesUrl: mailboxServer.url,
      bucketNames: s3.bucketNames,
      jobQueueUrls: sqs.queueUrls(),
      ai: {
        offline,
        // The offline model, or a developer's own OpenAI-compatible server; unset means api.openai.com.
        baseUrl: offlineModel?.baseUrl ?? process.env.OPENAI_BASE_URL,
        dailyGenerationLimit: process.env.AI_DAILY_GENERATION_LIMIT,
      },
    };
    // Functions can run now: jobs a previous twin left queued are delivered from here on.
    sqs.start();

    // Browsers upload to presigned URLs from the site, as the bucket's CORS rule allows in AWS.
    // The web listens on 127.0.0.1 and people open it as localhost: both are the site's origin here.
    const siteOrigins = [siteUrl, ...(web ? [web.url] : [])].map((url) => new URL(url).origin);
    s3.allowOrigins([...siteOrigins, ...siteOrigins.map((origin) => origin.replace('//127.0.0.1:', '//localhost:'))]);

    const issuer = `${cognitoFront.url}/${pool.userPoolId}`;
    api.server.on(
      'request',
      gatewayHandler({
        routes: Object.values(routes),
        runner,
        authorize: createJwtAuthorizer({ issuer, audience: [pool.userPoolClientId] }),
        port: () => api.port,
        logRequests: options.logRequests,
      }),
    );

    const endpoints: TwinEndpoints = {
      web: web?.url ?? null,
      api: api.url,
      apiOrigin,
      cognito: {
        endpoint: cognitoFront.url,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        signUpClientId: pool.signUpClientId,
        region,
        issuer,
      },
      mailbox: mailboxServer.url,
      dynamodb: urlOf(dynamoPort),
      secretsManager: secretsServer.url,
      eventBridge: busServer.url,
      kms: kmsServer.url,
      sinks: sinksServer.url,
      slackSink: {
        webhookUrl: slackWebhookUrl,
        requests: `${sinksServer.url}/slack/requests`,
        faults: `${sinksServer.url}/slack/__admin/faults`,
      },
      webhookSink: {
        webhookUrl: automationWebhookUrl,
        requests: `${sinksServer.url}/webhook/requests`,
        faults: `${sinksServer.url}/webhook/__admin/faults`,
      },
      sqs: sqsServer.url,
      s3: s3.url,
      ...(meta ? { meta: meta.url } : {}),
      stripe: stripe.url,
      ...(offlineModel ? { openai: offlineModel.url } : {}),
      demoUser: { ...DEMO_USER },
    };
    const endpointsFile = path.join(stateDir, 'endpoints.json');
    await writeEndpointsFile(endpointsFile, endpoints);
    await lock.describe({
      ...(endpoints.web ? { web: endpoints.web } : {}),
      api: endpoints.api,
      cognito: endpoints.cognito.endpoint,
    });

    // Scheduled functions (the automation rules runner) tick once everything they call is up.
    const ticks = startScheduleTicks({
      invoke: (fn, event) => runner.invoke(fn, event),
      periodMs: options.scheduleTickMs ?? tickPeriodFromEnv(),
      log,
    });
    stoppers.push(async () => ticks.stop());

    // Off the critical path, so the first request is warm and a broken file shows at once.
    const warmed = runner.warm(functionNames(), log);

    return { endpoints, files: { endpoints: endpointsFile, webConfig: webConfigFile }, warmed, stop };
  } catch (error) {
    await Promise.allSettled(starting);
    await stop();
    throw error;
  }
}
