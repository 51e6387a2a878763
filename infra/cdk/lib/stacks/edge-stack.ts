import { CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { FunctionDeclaration } from '@shared/functions';
import { routeKey, routes, type RouteDeclaration } from '@shared/routes';
import { secrets } from '@shared/secrets';
import type { AppConfig } from '../../config';
import type { AppFunction } from '../constructs/app-function';
import { EdgeFunctions } from '../constructs/edge-functions';
import { HttpApiShell } from '../constructs/http-api';
import type { SiteManifest } from '../constructs/site-routing';
import { siteBucketName, WebHosting } from '../constructs/web-hosting';

export interface EdgeStackProps extends StackProps {
  readonly config: AppConfig;
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** ARN of the CLOUDFRONT-scope WAF web ACL (from the WAF stack in us-east-1). */
  readonly webAclArn: string;
  /** The web build's page list, for CloudFront's page routing. @default - no build (placeholder page) */
  readonly siteManifest?: SiteManifest;
  /** The `edge: true` entries of shared/functions.ts (the streaming routes' functions). @default none */
  readonly functions?: Record<string, FunctionDeclaration>;
}

/**
 * The front door: the addresses the outside world holds on to. The CloudFront
 * distribution (its domain is the site URL that verification emails link to and
 * that the Meta app's redirect URI names), the site bucket behind it, and the
 * HTTP API that `/api/*` forwards to (without routes; see the stateless stack).
 * It depends on nothing, so the stateful stack's Cognito trigger can be given
 * the site URL without a dependency cycle.
 */
export class EdgeStack extends Stack {
  readonly httpApi: HttpApiShell;
  /** The functions CloudFront fronts by function URL (see EdgeFunctions), by name. */
  readonly functions: Record<string, AppFunction>;
  readonly hosting: WebHosting;
  readonly siteUrl: string;
  /** The value CloudFront sends to the API and the API's functions expect (see ORIGIN_VERIFY_HEADER). */
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.httpApi = new HttpApiShell(this, 'HttpApi', {
      apiName: `${props.namePrefix}-api`,
      throttle: config.settings.apiThrottle,
      logRetention: config.settings.logRetention,
      logRemovalPolicy: config.settings.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      ...(config.apiDomain ? { customDomain: config.apiDomain } : {}),
    });

    // Here, not with the other secrets: CloudFront needs it, and the stateful stack comes after this one.
    this.originVerifySecret = new Secret(this, 'OriginVerify', {
      secretName: `adsmith/${config.stage}/${secrets.originVerify.name}`,
      description: secrets.originVerify.description,
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'value',
        passwordLength: 48,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront reads the value only when this stack deploys (dynamic reference), so a rotation Lambda would leave CloudFront sending the old value; it is rotated by hand: put-secret-value, then redeploy the edge stack (functions re-read it within 5 minutes).',
    });

    // Before the distribution, whose streaming routes they are origins of; they find the site bucket by name.
    const edgeFunctions = new EdgeFunctions(this, 'Functions', {
      entries: props.functions ?? {},
      settings: {
        namePrefix: props.namePrefix,
        logRetention: config.settings.logRetention,
        retainLogs: config.settings.retainData,
      },
      stage: config.stage,
      webConfig: {
        bucket: Bucket.fromBucketName(this, 'SiteBucketByName', siteBucketName(props.namePrefix)),
        key: 'config.json',
      },
    });
    this.functions = edgeFunctions.functions;
    const streamingRoutes = (Object.values(routes) as RouteDeclaration[])
      .filter((route) => route.stream && edgeFunctions.urls[route.fn])
      .map((route) => {
        if (route.path.includes('{'))
          throw new Error(`${routeKey(route)}: a streaming route's path is a CloudFront path pattern, no {parameters}`);
        return { path: route.path, functionUrl: edgeFunctions.urls[route.fn]! };
      });

    this.hosting = new WebHosting(this, 'Web', {
      siteBucketName: siteBucketName(props.namePrefix),
      streamingRoutes,
      apiDomainName: this.httpApi.domainName,
      // A `{{resolve:secretsmanager:...}}` reference: CloudFormation fetches the value when it deploys.
      apiOriginVerifyValue: this.originVerifySecret.secretValueFromJson('value').unsafeUnwrap(),
      domain: config.domain,
      webAclArn: props.webAclArn,
      siteManifest: props.siteManifest,
    });
    this.siteUrl = this.hosting.siteUrl;

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', {
      value: `${this.siteUrl}/api`,
      description: 'The API as clients call it (same origin as the site)',
    });
    if (this.httpApi.regionalDomainName) {
      new CfnOutput(this, 'ApiDomainTarget', {
        value: this.httpApi.regionalDomainName,
        description: `Point ${this.httpApi.domainName} (CNAME or alias record) here: CloudFront reaches the API by that name`,
      });
    } else {
      new CfnOutput(this, 'HttpApiEndpoint', {
        value: this.httpApi.api.apiEndpoint,
        description: 'The HTTP API behind CloudFront (its execute-api endpoint, enabled: no API custom domain)',
      });
    }
    new CfnOutput(this, 'DistributionId', { value: this.hosting.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.hosting.distribution.distributionDomainName,
      description: 'Point the custom domain (CNAME or alias record) here',
    });
    new CfnOutput(this, 'SiteBucketName', { value: this.hosting.siteBucket.bucketName });
  }
}
