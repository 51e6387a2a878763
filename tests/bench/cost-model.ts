import { functionDeclaration, type AppFunctionName } from '@shared/functions';

/**
 * The monthly AWS bill of one Adsmith deployment (us-east-1, prod stage, arm64 Lambda) for a number of
 * active marketers: a stated usage model (what one marketer does on a working day), Lambda GB-s from each
 * function's memory in shared/functions.ts and its duration (measured by the bench where it measures it),
 * and list prices with the page they come from. Free tiers are left out (they vanish at scale and differ by
 * account age) except Cognito's 10,000 MAU, which is part of its price list. OpenAI and Stripe fees are not
 * AWS and are not counted.
 */

/** Prices read 2026-11-28 (us-east-1, USD). */
export const PRICES = {
  lambdaArmGbSecond: { usd: 0.0000133334, source: 'https://aws.amazon.com/lambda/pricing/' },
  lambdaRequestPerMillion: { usd: 0.2, source: 'https://aws.amazon.com/lambda/pricing/' },
  httpApiPerMillion: { usd: 1.0, source: 'https://aws.amazon.com/api-gateway/pricing/' },
  dynamoWritePerMillion: { usd: 0.625, source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  dynamoReadPerMillion: { usd: 0.125, source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  dynamoStorageGbMonth: { usd: 0.25, source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  cloudFrontGbOut: { usd: 0.085, source: 'https://aws.amazon.com/cloudfront/pricing/' },
  cloudFrontHttpsPerMillion: { usd: 1.0, source: 'https://aws.amazon.com/cloudfront/pricing/' },
  wafWebAclMonth: { usd: 5, source: 'https://aws.amazon.com/waf/pricing/' },
  wafRuleMonth: { usd: 1, source: 'https://aws.amazon.com/waf/pricing/' },
  wafRequestsPerMillion: { usd: 0.6, source: 'https://aws.amazon.com/waf/pricing/' },
  kmsKeyMonth: { usd: 1, source: 'https://aws.amazon.com/kms/pricing/' },
  kmsRequestsPer10k: { usd: 0.03, source: 'https://aws.amazon.com/kms/pricing/' },
  secretMonth: { usd: 0.4, source: 'https://aws.amazon.com/secrets-manager/pricing/' },
  secretCallsPer10k: { usd: 0.05, source: 'https://aws.amazon.com/secrets-manager/pricing/' },
  cognitoEssentialsMauAbove10k: { usd: 0.015, source: 'https://aws.amazon.com/cognito/pricing/' },
  cognitoThreatProtectionMau: { usd: 0.02, source: 'https://aws.amazon.com/cognito/pricing/' },
  logsIngestGb: { usd: 0.5, source: 'https://aws.amazon.com/cloudwatch/pricing/' },
  alarmMonth: { usd: 0.1, source: 'https://aws.amazon.com/cloudwatch/pricing/' },
  dashboardMonth: { usd: 3, source: 'https://aws.amazon.com/cloudwatch/pricing/' },
  sqsRequestsPerMillion: { usd: 0.4, source: 'https://aws.amazon.com/sqs/pricing/' },
  s3StorageGbMonth: { usd: 0.023, source: 'https://aws.amazon.com/s3/pricing/' },
} as const;

/** One function's share of a marketer's working day. */
export interface FunctionUse {
  /** Invocations per active marketer per working day. */
  perDay: number;
  /** Billed duration per invocation, ms. */
  durationMs: number;
  /** DynamoDB request units per invocation (reads: 4 KB eventually consistent; writes: 1 KB). */
  reads: number;
  writes: number;
  /** Served through CloudFront + WAF + the HTTP API (false: scheduled or queue-driven). */
  http: boolean;
}

export interface UsageModel {
  workingDaysPerMonth: number;
  /** Single-page app loads per marketer per working day, and what each one transfers and requests. */
  appLoadsPerDay: number;
  appLoadMB: number;
  appLoadRequests: number;
  functions: Partial<Record<AppFunctionName, FunctionUse>>;
  /** Resources billed whatever the traffic (counted in the synthesized prod templates). */
  fixed: { kmsKeys: number; secrets: number; wafRules: number; alarms: number; dashboards: number };
  /** Log bytes ingested per invocation (structured JSON lines: one per request plus errors). */
  logBytesPerInvocation: number;
  /** Stored data per marketer (tables and the assets bucket), GB. */
  storedGbPerMarketer: number;
  /** Cognito threat protection switched on (issue 23 item 7: default on in prod). */
  threatProtection: boolean;
}

export interface CostLine {
  item: string;
  usd: number;
}

/** Every line of the monthly bill for `marketers` active marketers, largest first. */
export function monthlyCost(model: UsageModel, marketers: number, memoryOf = memoryMbOf): CostLine[] {
  const days = model.workingDaysPerMonth * marketers;
  let invocations = 0;
  let httpRequests = 0;
  let gbSeconds = 0;
  let reads = 0;
  let writes = 0;
  for (const [name, use] of Object.entries(model.functions) as [AppFunctionName, FunctionUse][]) {
    const count = use.perDay * days;
    invocations += count;
    if (use.http) httpRequests += count;
    gbSeconds += count * (memoryOf(name) / 1024) * (use.durationMs / 1000);
    reads += count * use.reads;
    writes += count * use.writes;
  }
  const appLoads = model.appLoadsPerDay * days;
  const edgeRequests = httpRequests + appLoads * model.appLoadRequests;
  const p = PRICES;
  const perMillion = (n: number, price: { usd: number }) => (n / 1e6) * price.usd;
  const mau = marketers;
  const lines: CostLine[] = [
    { item: 'Lambda compute (GB-s)', usd: gbSeconds * p.lambdaArmGbSecond.usd },
    { item: 'Lambda requests', usd: perMillion(invocations, p.lambdaRequestPerMillion) },
    { item: 'API Gateway HTTP API requests', usd: perMillion(httpRequests, p.httpApiPerMillion) },
    {
      item: 'DynamoDB on-demand reads and writes',
      usd: perMillion(reads, p.dynamoReadPerMillion) + perMillion(writes, p.dynamoWritePerMillion),
    },
    {
      item: 'DynamoDB and S3 storage',
      usd: (marketers * model.storedGbPerMarketer * (p.dynamoStorageGbMonth.usd + p.s3StorageGbMonth.usd)) / 2,
    },
    {
      item: 'CloudFront (transfer and HTTPS requests)',
      usd:
        ((appLoads * model.appLoadMB) / 1024) * p.cloudFrontGbOut.usd +
        perMillion(edgeRequests, p.cloudFrontHttpsPerMillion),
    },
    {
      item: 'WAF (web ACL, rules, requests)',
      usd:
        p.wafWebAclMonth.usd +
        model.fixed.wafRules * p.wafRuleMonth.usd +
        perMillion(edgeRequests, p.wafRequestsPerMillion),
    },
    // Each Meta-token decrypt and data-key use is a KMS call; about one per Meta-bound request.
    {
      item: 'KMS (keys and requests)',
      usd: model.fixed.kmsKeys * p.kmsKeyMonth.usd + (httpRequests / 1e4) * p.kmsRequestsPer10k.usd,
    },
    // Functions cache secrets (Powertools parameters, 5 min), so calls follow cold starts, not requests.
    {
      item: 'Secrets Manager',
      usd: model.fixed.secrets * p.secretMonth.usd + (invocations / 100 / 1e4) * p.secretCallsPer10k.usd,
    },
    {
      item: 'Cognito (Essentials; threat protection when on)',
      usd:
        Math.max(0, mau - 10_000) * p.cognitoEssentialsMauAbove10k.usd +
        (model.threatProtection ? mau * p.cognitoThreatProtectionMau.usd : 0),
    },
    {
      item: 'CloudWatch (logs, alarms, dashboard)',
      usd:
        ((invocations * model.logBytesPerInvocation) / 1024 ** 3) * p.logsIngestGb.usd +
        model.fixed.alarms * p.alarmMonth.usd +
        model.fixed.dashboards * p.dashboardMonth.usd,
    },
    // Rule runs and notifications pass through SQS: a send, a receive and a delete each.
    {
      item: 'SQS',
      usd: perMillion(3 * ((model.functions['rules-runner']?.perDay ?? 0) * days), p.sqsRequestsPerMillion),
    },
  ];
  return lines.sort((a, b) => b.usd - a.usd);
}

export function memoryMbOf(name: AppFunctionName): number {
  return functionDeclaration(name).memorySize ?? 512;
}

export const total = (lines: readonly CostLine[]) => lines.reduce((sum, line) => sum + line.usd, 0);
