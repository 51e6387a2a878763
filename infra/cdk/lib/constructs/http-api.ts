import { Annotations, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpStage,
  SecurityPolicy,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface HttpApiShellProps {
  /** Physical API name. */
  readonly apiName: string;
  /** Default throttling for every route of the `$default` stage. */
  readonly throttle: ThrottleSettings;
  /** Retention of the access log group. */
  readonly logRetention: RetentionDays;
  /** @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
  /**
   * The API's custom domain (regional, certificate in the API's region). Given, it is CloudFront's origin
   * and the default execute-api endpoint is disabled. @default - the execute-api endpoint is the origin
   */
  readonly customDomain?: { name: string; certificateArn: string };
}

/** The synth warning a stage without an API custom domain gets (docs/deploying.md explains it). */
export const EXECUTE_API_ENDPOINT_NOTICE =
  "The HTTP API keeps its default execute-api endpoint, because it is CloudFront's origin: anyone can reach it " +
  'directly, and only the origin-verify header CloudFront adds turns such calls away. Give the stage an API ' +
  'custom domain (-c apiDomainName=... -c apiCertificateArn=...) to disable it (docs/deploying.md).';

/**
 * The HTTP API itself, its `$default` stage (auto-deployed, throttled) and its
 * JSON access log, without routes. The API is a front door: CloudFront points
 * `/api/*` at it, so it is created with the distribution; routes, integrations
 * and the JWT authorizer are added by the stateless stack (`ApiRoutes`).
 * No CORS: the SPA calls the API on its own origin through CloudFront.
 */
export class HttpApiShell extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogGroup: LogGroup;
  /** The CloudFront origin: the API's custom domain, else `<id>.execute-api.<region>.amazonaws.com`. */
  readonly domainName: string;
  /** With a custom domain: the host name its DNS record (CNAME or alias) must point at. */
  readonly regionalDomainName?: string;

  constructor(scope: Construct, id: string, props: HttpApiShellProps) {
    super(scope, id);

    this.api = new HttpApi(this, 'Api', {
      apiName: props.apiName,
      description: 'Adsmith API, served under /api on the site origin',
      // The stage is created below so it can carry throttling and access logging.
      createDefaultStage: false,
      // An HTTP API answers on its execute-api endpoint or on a custom domain, nothing else: with a custom domain
      // CloudFront's origin is that domain and the endpoint is switched off, so the API is reached through
      // CloudFront only. Without one the endpoint is the origin and must stay on; the origin-verify header,
      // which CloudFront adds and every function checks, is then the lock on direct calls (and a second lock
      // behind the disabled endpoint otherwise).
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });

    this.accessLogGroup = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });

    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogGroup),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userSub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    if (props.customDomain) {
      const domain = new DomainName(this, 'Domain', {
        domainName: props.customDomain.name,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
        securityPolicy: SecurityPolicy.TLS_1_2,
      });
      new ApiMapping(this, 'Mapping', { api: this.api, domainName: domain, stage: this.stage });
      this.domainName = props.customDomain.name;
      this.regionalDomainName = domain.regionalDomainName;
    } else {
      const stack = Stack.of(this);
      this.domainName = `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
      // An info, not a warning: it is the documented default (docs/deploying.md), and cdk-nag's report counts warnings.
      Annotations.of(this).addInfo(EXECUTE_API_ENDPOINT_NOTICE);
    }
  }
}
