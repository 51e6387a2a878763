import { writeFileAtomic } from './state/atomic-file';

/** Where every twin service is: written to `.local/endpoints.json` for tests, scripts and people. */
export interface TwinEndpoints {
  /** The web app (Vite); null when the twin runs without it. */
  web: string | null;
  /** The local HTTP API (API Gateway stand-in); routes live under /api. */
  api: string;
  /**
   * The header CloudFront adds to every `/api` request (the web proxy does it here): a direct caller
   * of `api` sends it too, or the functions answer 403. A per-start value, local only.
   */
  apiOrigin: { header: string; value: string };
  /** `userPoolClientId` signs in (cannot write `name`); `signUpClientId` signs up (may write it, cannot sign in). */
  cognito: {
    endpoint: string;
    userPoolId: string;
    userPoolClientId: string;
    signUpClientId: string;
    region: string;
    issuer: string;
  };
  mailbox: string;
  dynamodb: string;
  secretsManager: string;
  eventBridge: string;
  /**
   * Scheduler's "run now" (twin only): `GET` lists the scheduled functions, `POST <schedules>/<function>/run` runs one
   * as its schedule would and answers with its result. Optional for endpoint files of older twins.
   */
  schedules?: string;
  /** The local KMS (Encrypt/Decrypt/GenerateDataKey); key material under `.local/kms/`. */
  kms: string;
  /** Stand-ins for Slack and the automation webhook: the page at `sinks`, JSON and fault switches per sink. */
  sinks: string;
  slackSink: { webhookUrl: string; requests: string; faults: string };
  webhookSink: { webhookUrl: string; requests: string; faults: string };
  /** The local SQS (job queues: SendMessage, `GET /queues`, `/dead-letters`). */
  sqs?: string;
  /** The Meta sandbox (Graph API + OAuth dialog); absent when started with `meta: false`. */
  meta?: string;
  /** The Stripe stand-in: API, hosted Checkout and portal pages, `/__admin/webhooks`. */
  stripe?: string;
  /** The offline demo model (OpenAI-compatible; SDK base URL is this plus `/v1`); absent when a real key or OPENAI_BASE_URL is used. */
  openai?: string;
  /** The local S3 (path-style REST, SigV4 with the twin's credentials; objects under `.local/s3/`). */
  s3?: string;
  demoUser: { email: string; password: string; name: string };
  /** The seeded operator (the operators group: the operators' pages); optional for endpoint files of older twins. */
  demoOperator?: { email: string; password: string; name: string };
}

/** The header a direct caller of the twin's API sends, as CloudFront would add it. */
export function apiOriginHeaders(endpoints: Pick<TwinEndpoints, 'apiOrigin'>): Record<string, string> {
  return { [endpoints.apiOrigin.header]: endpoints.apiOrigin.value };
}

export async function writeEndpointsFile(file: string, endpoints: TwinEndpoints): Promise<void> {
  // Atomic: scripts and tests read it while a twin may be restarting.
  await writeFileAtomic(file, `${JSON.stringify(endpoints, null, 2)}\n`);
}
