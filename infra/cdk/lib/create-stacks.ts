import { Tags, Token, type App, type Environment } from 'aws-cdk-lib';
import {
  appFunctionNames,
  functionDeclaration,
  type AppFunctionName,
  type FunctionDeclaration,
} from '@shared/functions';
import { grantedNeeds } from '@shared/granted-needs';
import { stageNamePrefix } from '@shared/physical-names';
import type { AppConfig } from '../config';
import { readSiteManifest } from './constructs/site-routing';
import { webDistDir } from './paths';
import { EdgeStack } from './stacks/edge-stack';
import { WAF_REGION, WafStack, WEB_ACL_ARN_OUTPUT } from './stacks/waf-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { StatelessStack } from './stacks/stateless-stack';

export interface AdsmithStacks {
  waf: WafStack;
  edge: EdgeStack;
  stateful: StatefulStack;
  stateless: StatelessStack;
}

export interface CreateStacksOptions {
  /** @default env-agnostic unless CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION are set (no lookups either way) */
  env?: Environment;
  /** The built SPA. @default web/dist if it holds an index.html, else a placeholder page */
  webDistDir?: string | null;
  /** Functions of the stateless stack to deploy. @default every entry of shared/functions.ts but the Cognito triggers */
  functionNames?: readonly AppFunctionName[];
}

/**
 * The whole of Adsmith for one stage, as three stacks split by lifecycle:
 *
 *   waf        the CloudFront web ACL, in us-east-1 whatever the app's region (CloudFront requires it)
 *   edge       front door whose URLs others hold: CloudFront + site bucket, the HTTP API (no routes), and
 *              the streaming routes' functions CloudFront fronts by function URL (they read the later
 *              stacks' tables and secrets by name, the user pool's ids from the site's config.json)
 *   stateful   data and identity: KMS key, tables, secrets, event bus, user pool (+ its triggers)
 *   stateless  code and content: HTTP functions, API routes + JWT authorizer, SPA files + config.json
 *
 * waf <- edge <- stateful <- stateless. The edge stack comes first because the user pool's
 * custom-message trigger needs the site URL, while the API's authorizer needs the pool.
 */
export function createStacks(app: App, config: AppConfig, options: CreateStacksOptions = {}): AdsmithStacks {
  const entries = (names: readonly AppFunctionName[]) =>
    Object.fromEntries(names.map((name): [string, FunctionDeclaration] => [name, grantedNeeds(name)]));
  const names = options.functionNames ?? appFunctionNames();
  // The streaming routes' functions go with the distribution that fronts them (see EdgeFunctions).
  const edgeFunctions = entries(names.filter((name) => functionDeclaration(name).edge === true));
  const deployed = entries(names.filter((name) => functionDeclaration(name).edge !== true));

  const namePrefix = stageNamePrefix(config.stage);
  const env = options.env ?? {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  const description = (what: string) => `Adsmith ${config.stage}: ${what}`;
  const distDir = options.webDistDir === null ? undefined : (options.webDistDir ?? webDistDir());

  const waf = new WafStack(app, `${namePrefix}-waf`, {
    env: { account: env.account, region: WAF_REGION },
    namePrefix,
    requestsPerIpPer5Min: config.settings.wafRequestsPerIpPer5Min,
    signalEventsPerIpPer5Min: config.settings.wafSignalEventsPerIpPer5Min,
    description: description('WAF web ACL for CloudFront (us-east-1)'),
  });

  const edge = new EdgeStack(app, `${namePrefix}-edge`, {
    env,
    config,
    namePrefix,
    // Read across regions at deploy time: the ACL lives in us-east-1, the edge stack anywhere.
    webAclArn: Token.asString({
      'Fn::GetStackOutput': { StackName: waf.stackName, OutputName: WEB_ACL_ARN_OUTPUT, Region: WAF_REGION },
    }),
    siteManifest: readSiteManifest(distDir),
    functions: edgeFunctions,
    description: description('CloudFront, site bucket, HTTP API front door and the streaming routes’ functions'),
  });
  edge.addDependency(waf, 'CloudFront names the web ACL');

  const stateful = new StatefulStack(app, `${namePrefix}-stateful`, {
    env,
    config,
    namePrefix,
    siteUrl: edge.siteUrl,
    description: description('user pool, tables, KMS key, secrets and event bus'),
  });

  const stateless = new StatelessStack(app, `${namePrefix}-stateless`, {
    env,
    config,
    namePrefix,
    httpApi: edge.httpApi.api,
    distribution: edge.hosting.distribution,
    siteUrl: edge.siteUrl,
    userPool: stateful.auth.userPool,
    userPoolClient: stateful.auth.webClient,
    signUpClient: stateful.auth.signUpClient,
    dependsOn: [edge, stateful],
    functions: deployed,
    // Watched with the others (alarms, dashboard, saved queries), though they live in the edge stack.
    edgeFunctions: edge.functions,
    dataKey: stateful.encryptionKey,
    resources: {
      secrets: { ...stateful.secrets.byKey, originVerify: edge.originVerifySecret },
      kmsKeys: stateful.fieldKeys,
      eventBus: stateful.eventBus.bus,
    },
    webDistDir: distDir,
    description: description('functions, API routes and web content'),
  });

  Tags.of(app).add('project', 'adsmith');
  Tags.of(app).add('stage', config.stage);
  return { waf, edge, stateful, stateless };
}
