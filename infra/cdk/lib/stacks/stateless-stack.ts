import { Aspects, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpApi, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import { Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { functionDeclaration, triggerFunctionNames, type FunctionDeclaration } from '@shared/functions';
import { physicalFunctionName } from '@shared/physical-names';
import { apiGatewayFunctionNames } from '@shared/routes';
import type { AppConfig } from '../../config';
import { ApiRoutes } from '../constructs/api-routes';
import { tableFunctions, type AppFunction, type BindableResources } from '../constructs/app-function';
import { importDataTables } from '../constructs/data-tables';
import { NotificationFanOut } from '../constructs/notification-fan-out';
import { outboxDeadLetterQueueName } from '../constructs/outbox-pipe';
import { Operations } from '../constructs/operations';
import { JobQueues } from '../constructs/job-queues';
import { WebContent } from '../constructs/web-content';
import { siteBucketName } from '../constructs/web-hosting';
import { AcknowledgeWildcards } from '../nag';
import { importAssetBuckets } from '../constructs/asset-buckets';

export interface StatelessStackProps extends StackProps {
  readonly config: AppConfig;
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** The edge stack's API, to add routes to. */
  readonly httpApi: IHttpApi & { readonly disableExecuteApiEndpoint?: boolean };
  readonly distribution: IDistribution;
  readonly siteUrl: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The client the SPA signs up with (it may write `name`; it cannot sign in). */
  readonly signUpClient: IUserPoolClient;
  /** The key that encrypts the tables; the tables themselves are imported by name (see importDataTables). */
  readonly dataKey: IKey;
  /** Secrets and bus the functions may be bound to (per shared/functions.ts). */
  readonly resources: Omit<BindableResources, 'userPool' | 'userPoolClient' | 'siteUrl' | 'tables'>;
  /**
   * Stacks this one reads from. Declared up front, before any grant: a KMS key in
   * another stack then trusts this account instead of naming our roles in its key
   * policy, which would make that stack depend on this one (a cycle).
   */
  readonly dependsOn: readonly Stack[];
  /** The shared/functions.ts entries of the functions to deploy (all but the Cognito triggers and edge functions). */
  readonly functions: Record<string, FunctionDeclaration>;
  /** The edge stack's functions, watched by this stack's alarms and dashboard like its own. @default none */
  readonly edgeFunctions?: Record<string, AppFunction>;
  /** The built SPA; undefined deploys a placeholder page. */
  readonly webDistDir?: string;
}

/**
 * Code and content, safe to redeploy or even delete and recreate at any time:
 * the functions of shared/functions.ts (but the Cognito triggers), the API routes and authorizer
 * (added to the edge stack's API), and the SPA files plus config.json.
 */
export class StatelessStack extends Stack {
  readonly functions: Record<string, AppFunction>;
  readonly jobQueues: JobQueues;
  readonly routes: ApiRoutes;
  readonly webContent: WebContent;
  /** Absent when the stack deploys a subset of functions without the forwarders (tests). */
  readonly fanOut?: NotificationFanOut;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config, namePrefix } = props;
    for (const stack of props.dependsOn) this.addDependency(stack, 'reads its resources; see dependsOn');

    const tables = importDataTables(this, namePrefix, Key.fromKeyArn(this, 'DataKey', props.dataKey.keyArn));

    // Work handed off by requests (marketing-mix fits): queues beside the functions that use them.
    this.jobQueues = new JobQueues(this, 'JobQueues', { namePrefix });
    this.functions = tableFunctions(
      this,
      props.functions,
      { namePrefix, logRetention: config.settings.logRetention, retainLogs: config.settings.retainData },
      {
        ...props.resources,
        tables,
        userPool: props.userPool,
        userPoolClient: props.userPoolClient,
        siteUrl: props.siteUrl,
        // The operators' click setting (shared/slack-clicks.ts): counted by default, posted only when they ask.
        slackClicks: config.notifications.slackClicks,
        // Owners of paid workspaces set up MFA before moving money (the stage's setting, on in prod).
        mfaForPaidOwners: config.settings.mfaForPaidOwners,
        jobQueues: this.jobQueues.queues,
        buckets: importAssetBuckets(this, namePrefix),
        ...(config.domain
          ? { emailFrom: { address: `noreply@${config.domain.name}`, domain: config.domain.name } }
          : {}),
      },
    );
    this.jobQueues.connectConsumers(this.functions);
    // Every function behind the HTTP API checks that a request came through CloudFront (origin-check.ts).
    const originVerify = props.resources.secrets?.originVerify;
    for (const name of apiGatewayFunctionNames()) {
      const fn = this.functions[name];
      if (fn && !functionDeclaration(name).secrets?.includes('originVerify')) {
        if (!originVerify) throw new Error(`${name} serves API routes, but the stack was given no originVerify secret`);
        fn.bindSecret('originVerify', originVerify);
      }
    }

    // Imported into this stack so the routes, integrations and the JWT authorizer
    // are created here: an authorizer in the edge stack would make the edge stack
    // depend on the user pool, which already depends on the edge stack's site URL.
    const httpApi = HttpApi.fromHttpApiAttributes(this, 'HttpApi', {
      httpApiId: props.httpApi.apiId,
      // A disabled execute-api endpoint has no URL to import (the API's custom domain is CloudFront's origin).
      ...(props.httpApi.disableExecuteApiEndpoint ? {} : { apiEndpoint: props.httpApi.apiEndpoint }),
    });

    this.routes = new ApiRoutes(this, 'Routes', {
      httpApi,
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      functions: Object.fromEntries(
        Object.entries(this.functions).map(([name, fn]): [string, IFunction] => [name, fn.function]),
      ),
    });

    // Notifications: bus → queue per target → forwarder (only when the forwarders are deployed here).
    const deployedFunctions = Object.fromEntries(
      Object.entries(this.functions).map(([name, fn]): [string, IFunction] => [name, fn.function]),
    );
    const bus = props.resources.eventBus;
    if (bus && NotificationFanOut.consumersDeployed(deployedFunctions)) {
      this.fanOut = new NotificationFanOut(this, 'Notifications', { namePrefix, bus, functions: deployedFunctions });
    }
    this.operations = new Operations(this, 'Operations', {
      namePrefix,
      httpApi,
      functions: { ...this.functions, ...props.edgeFunctions },
      pipes: this.fanOut?.pipes,
      jobDeadLetterQueues: this.jobQueues.deadLetterQueues,
      jobQueues: this.jobQueues.queues,
      // The stateful stack's, by their literal names (as the tables are): no export ties the stacks together.
      cognitoTriggers: Object.fromEntries(
        triggerFunctionNames().map((name): [string, IFunction] => [
          name,
          LambdaFunction.fromFunctionName(this, `Trigger-${name}`, physicalFunctionName(namePrefix, name)),
        ]),
      ),
      outboxDeadLetters: Queue.fromQueueArn(
        this,
        'OutboxDeadLetters',
        this.formatArn({ service: 'sqs', resource: outboxDeadLetterQueueName(namePrefix) }),
      ),
    });

    this.webContent = new WebContent(this, 'Web', {
      // By name, not by reference: see siteBucketName.
      bucket: Bucket.fromBucketName(this, 'SiteBucket', siteBucketName(namePrefix)),
      distribution: props.distribution,
      distDir: props.webDistDir,
      webConfig: {
        stage: config.stage,
        region: this.region,
        userPoolId: props.userPool.userPoolId,
        userPoolClientId: props.userPoolClient.userPoolClientId,
        signUpClientId: props.signUpClient.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
        apiBaseUrl: '/api',
        offlineModel: false,
      },
    });
    this.acknowledgeBucketDeploymentFindings();
  }

  /**
   * BucketDeployment runs one CDK-provided Lambda (a stack-level singleton) whose
   * role and runtime we do not control; its findings are acknowledged here, narrowly.
   */
  private acknowledgeBucketDeploymentFindings(): void {
    for (const handler of this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK BucketDeployment handler: the managed policy only lets it write its own CloudWatch logs.',
      });
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'CDK BucketDeployment handler: its Python runtime is chosen and updated by aws-cdk-lib.',
      });
      Aspects.of(handler).add(
        new AcknowledgeWildcards([
          {
            finding: /^Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*$/,
            reason: 'CDK BucketDeployment copies the web build between the asset bucket and the site bucket only.',
          },
          {
            finding: /^Resource::arn:(?:[a-z-]+|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
            reason: 'Reads the uploaded web build: any object of the CDK assets bucket.',
          },
          {
            finding: /^Resource::arn:(?:[a-z-]+|<AWS::Partition>):s3:::adsmith-[a-z]+-site-[^/]+\/\*$/,
            reason: 'Writes the web build: any object of the site bucket.',
          },
        ]),
      );
    }
  }
}
