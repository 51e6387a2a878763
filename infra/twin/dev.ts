/**
 * `npm run dev`: the whole product on this machine, no AWS. A thin CLI over
 * startTwin: prints where everything is, stops everything on Ctrl-C / SIGTERM.
 */
import { startTwin } from './twin';
import { TwinSetupError } from './twin-ports';

const log = (line: string) => console.log(`  ${line}`);

async function main(): Promise<void> {
  console.log('Starting the Adsmith local twin…');
  // ADSMITH_STATE_DIR gives a second twin (or a test) its own state folder instead of `.local/`.
  const twin = await startTwin({
    log,
    logRequests: true,
    stateDir: process.env.ADSMITH_STATE_DIR || undefined,
    demoHistory: true,
  });
  const { endpoints } = twin;
  // Since this process started (performance's time origin), module loading included.
  const seconds = (performance.now() / 1000).toFixed(1);
  const rows: [string, string][] = [
    ['web', endpoints.web ?? '(not started)'],
    ['api', `${endpoints.api}/api`],
    [
      'cognito',
      `${endpoints.cognito.endpoint}  (pool ${endpoints.cognito.userPoolId}, client ${endpoints.cognito.userPoolClientId})`,
    ],
    ['mailbox', `${endpoints.mailbox}/`],
    ['dynamodb', endpoints.dynamodb],
    ['secrets manager', endpoints.secretsManager],
    ['kms', endpoints.kms],
    ['s3', `${endpoints.s3 ?? '(not started)'}  (path-style; objects under .local/s3/)`],
    ['eventbridge', `${endpoints.eventBridge}  (deliveries: ${endpoints.eventBridge}/deliveries)`],
    ['meta sandbox', endpoints.meta ?? '(not started)'],
    ['stripe', endpoints.stripe ? `${endpoints.stripe}  (test card 4242 4242 4242 4242)` : '(not started)'],
    ['sinks', `${endpoints.sinks}  (Slack and automation webhook deliveries)`],
    ['sqs', endpoints.sqs ?? '(not started)'],
    [
      'openai',
      endpoints.openai
        ? `${endpoints.openai}/v1  (offline demo model; faults: ${endpoints.openai}/__admin/faults)`
        : (process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1 (OPENAI_API_KEY)'),
    ],
  ];
  console.log('');
  for (const [name, url] of rows) console.log(`  ${name.padEnd(16)} ${url}`);
  console.log('');
  console.log(`  demo user        ${endpoints.demoUser.email} / ${endpoints.demoUser.password}`);
  if (endpoints.demoOperator) {
    console.log(`  operator         ${endpoints.demoOperator.email} / ${endpoints.demoOperator.password}`);
  }
  console.log(`  endpoints file   ${twin.files.endpoints}`);
  console.log('');
  console.log(`Local twin ready in ${seconds} s. Ctrl-C to stop.`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local twin…`);
    // A hung stop must not keep the terminal: exit anyway. Generous, because a busy machine's Vite can take
    // several seconds to stop while it pre-bundles; state is written atomically, so a forced exit loses nothing.
    setTimeout(() => {
      console.error('The local twin did not stop within 15 s; exiting anyway.');
      process.exit(1);
    }, 15_000).unref();
    twin.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // A promise a function forgot to await must not take the whole twin down; in Lambda it would fail that invocation.
  process.on('unhandledRejection', (reason) => console.error('[twin] unhandled promise rejection:', reason));
}

main().catch((error: unknown) => {
  if (error instanceof TwinSetupError) console.error(`\n${error.message}`);
  else console.error('\nThe local twin failed to start:', error);
  process.exit(1);
});
