import { DEFAULT_SLACK_CLICKS, SLACK_CLICK_MODES, type SlackClickMode } from '@shared/slack-clicks';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';

/**
 * The deployment's configuration, read once from CDK context (`cdk.json` or
 * `-c key=value`) and parsed with zod. A bad value stops synth with a message
 * naming every problem, before any construct is created.
 *
 *   npx cdk deploy --all -c stage=prod -c domainName=ads.example.com \
 *     -c certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/... \
 *     -c apiDomainName=api.ads.example.com \
 *     -c apiCertificateArn=arn:aws:acm:<the app's region>:123456789012:certificate/...
 *
 * No context lookups: everything here is a literal, so synth works offline.
 */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** The context keys this app reads; nothing else in infra calls tryGetContext. */
export const CONTEXT_KEYS = [
  'stage',
  'domainName',
  'certificateArn',
  'apiDomainName',
  'apiCertificateArn',
  'slackClicks',
] as const;

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** CloudFront only takes certificates from us-east-1. */
const CLOUDFRONT_CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;
/** An API Gateway regional custom domain takes a certificate from the API's own region. */
const REGIONAL_CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:[a-z]{2}(-[a-z]+)+-\d:\d{12}:certificate\/[0-9a-f-]{36}$/;

const ContextSchema = z
  .object({
    stage: z.enum(STAGES).default('dev'),
    domainName: z.string().regex(HOSTNAME, 'must be a lower-case host name such as ads.example.com').optional(),
    certificateArn: z
      .string()
      .regex(CLOUDFRONT_CERTIFICATE_ARN, 'must be an ACM certificate ARN in us-east-1 (CloudFront requires it)')
      .optional(),
    /**
     * The API's own custom domain (CloudFront's origin for /api/*). With it, the HTTP API's default
     * execute-api endpoint is disabled; the domain needs a DNS record to the API's regional domain name.
     */
    apiDomainName: z.string().regex(HOSTNAME, 'must be a lower-case host name such as api.ads.example.com').optional(),
    apiCertificateArn: z
      .string()
      .regex(REGIONAL_CERTIFICATE_ARN, "must be an ACM certificate ARN in the app's region (API Gateway requires it)")
      .optional(),
    /** Where button clicks go (shared/slack-clicks.ts): counted (default) or posted to Slack as digests. */
    slackClicks: z.enum(SLACK_CLICK_MODES).default(DEFAULT_SLACK_CLICKS),
  })
  .superRefine((value, ctx) => {
    if (value.domainName && !value.certificateArn) {
      ctx.addIssue({ code: 'custom', path: ['certificateArn'], message: 'is required when domainName is set' });
    }
    if (value.certificateArn && !value.domainName) {
      ctx.addIssue({ code: 'custom', path: ['domainName'], message: 'is required when certificateArn is set' });
    }
    if (value.apiDomainName && !value.apiCertificateArn) {
      ctx.addIssue({ code: 'custom', path: ['apiCertificateArn'], message: 'is required when apiDomainName is set' });
    }
    if (value.apiCertificateArn && !value.apiDomainName) {
      ctx.addIssue({ code: 'custom', path: ['apiDomainName'], message: 'is required when apiCertificateArn is set' });
    }
  });

/** Settings that differ by stage, derived here so constructs take plain values. */
export interface StageSettings {
  /** Keep tables, the user pool, the KMS key and secrets when a stack is deleted. */
  retainData: boolean;
  /** CloudWatch Logs retention for function and API access logs. */
  logRetention: RetentionDays;
  /** HTTP API default stage throttling. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** WAF: requests one IP may make in 5 minutes (site and API together) before being blocked. */
  wafRequestsPerIpPer5Min: number;
  /**
   * WAF: requests one IP may make in 5 minutes to the first-party Conversions API endpoint (its own rule; the general
   * one leaves that path out, since a customer's server posts every purchase of its site from one address). At most
   * 100 events a request.
   */
  wafSignalEventsPerIpPer5Min: number;
  /**
   * Cognito threat protection (the Plus feature plan, enforced): blocks sign-ins with leaked passwords and risky
   * sign-ins. Billed per monthly active user (docs/deploying.md states the cost), so it is a per-stage choice.
   */
  cognitoThreatProtection: boolean;
  /**
   * Owners of workspaces on a paid plan must turn on authenticator-app MFA before the routes that move money
   * (billing changes, budget changes, publishing; `movesMoney` in the routes table) serve them: 403 MFA_REQUIRED
   * until they do (docs/deploying.md).
   */
  mfaForPaidOwners: boolean;
}

export interface AppConfig {
  stage: Stage;
  /** Custom domain for the site; absent means the CloudFront default domain. */
  domain?: { name: string; certificateArn: string };
  /**
   * Custom domain for the HTTP API, CloudFront's origin for /api/*; absent means the default execute-api
   * endpoint stays enabled as the origin (synth warns; docs/deploying.md).
   */
  apiDomain?: { name: string; certificateArn: string };
  settings: StageSettings;
  /** The operators' notification settings: where button clicks go (shared/slack-clicks.ts). */
  notifications: { slackClicks: SlackClickMode };
}

const STAGE_SETTINGS: Record<Stage, StageSettings> = {
  // dev is disposable: deleting its stacks deletes its data, so stacks can be torn down between experiments.
  // A page load is ~20 requests and a busy dashboard a few per second: 2,000 per 5 minutes is far above a person.
  dev: {
    retainData: false,
    logRetention: RetentionDays.ONE_MONTH,
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    wafRequestsPerIpPer5Min: 2000,
    wafSignalEventsPerIpPer5Min: 3000,
    cognitoThreatProtection: false,
    mfaForPaidOwners: false,
  },
  prod: {
    retainData: true,
    logRetention: RetentionDays.ONE_YEAR,
    apiThrottle: { rateLimit: 100, burstLimit: 200 },
    wafRequestsPerIpPer5Min: 2000,
    // 10 requests a second from one server, up to 1,000 events a second.
    wafSignalEventsPerIpPer5Min: 3000,
    cognitoThreatProtection: true,
    mfaForPaidOwners: true,
  },
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses raw context values (as `app.node.tryGetContext` returns them).
 * Throws a ConfigError naming every bad value.
 */
export function parseConfig(context: Record<string, unknown>): AppConfig {
  const raw = Object.fromEntries(
    CONTEXT_KEYS.map((key) => [key, context[key] === '' || context[key] === null ? undefined : context[key]]),
  );
  const parsed = ContextSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.') || '(context)';
      return `  - ${key}: ${issue.message} (got ${JSON.stringify(raw[key as keyof typeof raw])})`;
    });
    throw new ConfigError(`Invalid CDK context (pass values with -c key=value):\n${problems.join('\n')}`);
  }
  const { stage, domainName, certificateArn, apiDomainName, apiCertificateArn, slackClicks } = parsed.data;
  return {
    stage,
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    apiDomain:
      apiDomainName && apiCertificateArn ? { name: apiDomainName, certificateArn: apiCertificateArn } : undefined,
    settings: STAGE_SETTINGS[stage],
    notifications: { slackClicks },
  };
}

/** Reads this app's context keys from a construct tree node. */
export function readContext(node: { tryGetContext(key: string): unknown }): Record<string, unknown> {
  return Object.fromEntries(CONTEXT_KEYS.map((key) => [key, node.tryGetContext(key)]));
}
