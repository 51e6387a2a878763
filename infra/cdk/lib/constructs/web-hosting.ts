import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { STREAM_FORWARDED_HEADERS, VIEWER_ADDRESS_HEADER } from '@shared/streaming-headers';
import { siteRoutingSource, type SiteManifest } from './site-routing';

export interface WebHostingProps {
  /** Physical name of the site bucket; see `siteBucketName`. */
  readonly siteBucketName: string;
  /** Host name of the API origin (`<id>.execute-api.<region>.amazonaws.com`), served under `/api/*`. */
  readonly apiDomainName: string;
  /** The WAFv2 web ACL (CLOUDFRONT scope) that screens every request, site and API. */
  readonly webAclArn: string;
  /** Custom domain and its us-east-1 ACM certificate. @default - the CloudFront domain and certificate */
  readonly domain?: { name: string; certificateArn: string };
  /** The web build's page list (prerendered.json). @default - no build: every page path gets index.html */
  readonly siteManifest?: SiteManifest;
  /**
   * The value CloudFront adds to every `/api/*` request in ORIGIN_VERIFY_HEADER: functions refuse
   * requests without it, so the execute-api URL alone reaches nothing. Pass a dynamic reference
   * (`{{resolve:secretsmanager:...}}`), never the value: the template must not hold it.
   */
  readonly apiOriginVerifyValue: string;
  /** How long CloudFront and S3 access logs are kept. @default Duration.days(90) */
  readonly logExpiration?: Duration;
  /**
   * Streaming routes (`stream: true` in the routes table, e.g. POST /api/chat): each path is served by its
   * function's URL (auth type AWS_IAM), which CloudFront signs requests to with origin access control, ahead
   * of `/api/*`. @default none
   */
  readonly streamingRoutes?: readonly { path: string; functionUrl: IFunctionUrl }[];
}

/**
 * The site's front door: a private S3 bucket for the SPA, readable only by
 * CloudFront through Origin Access Control, and a distribution that serves the
 * SPA and forwards `/api/*` to the HTTP API on the same origin (no CORS).
 *
 * Page routing is a CloudFront Function on the default behaviour (see site-routing.ts):
 * each prerendered path gets its own HTML, signed-in routes the SPA shell, unknown paths
 * the not-found page with a 404; not 403/404 error responses, which apply to every
 * behaviour and would turn API 404s into HTML.
 *
 * Buckets are always retained: the log bucket is an audit trail, and CloudFormation
 * cannot delete a non-empty bucket anyway (empty them by hand to tear a stage down).
 */
export class WebHosting extends Construct {
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly securityHeaders: ResponseHeadersPolicy;
  /** `https://<domain>` with no trailing slash. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs, so the log bucket must accept them.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: props.logExpiration ?? Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination; logging its own access would log the log writes in a loop.',
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      bucketName: props.siteBucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Adsmith security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // connect-src: the API is same-origin (the chatbot's stream too: CloudFront's `/api/chat`
          // behaviour); Amplify talks to Cognito directly; graphics uploads PUT straight to the assets
          // bucket through presigned URLs (virtual-hosted S3 addresses; the bucket's name is chosen by AWS
          // in a later stack, hence the wildcard).
          // style-src 'unsafe-inline': charting and toast libraries set inline styles.
          // img-src https: generated ad images and Meta previews come from other hosts.
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob: https:",
            "font-src 'self' data:",
            `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://*.s3.${region}.amazonaws.com`,
            // Ad previews are Meta's own pages (generatepreviews answers an iframe of facebook.com);
            // without this, default-src 'self' leaves every preview frame blank.
            'frame-src https://www.facebook.com https://business.facebook.com',
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "object-src 'none'",
          ].join('; '),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    const siteRouting = new CloudFrontFunction(this, 'SiteRouting', {
      comment: 'Prerendered pages, the SPA shell for app routes, 404.html with a 404 for the rest',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(siteRoutingSource(props.siteManifest)),
    });

    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.apiOriginVerifyValue },
    });

    // A streaming route's function needs the body's type and hash and the user's token, and the viewer's
    // address for its per-IP limit; never Host (the URL must see its own host name, or the signature fails),
    // nor cookies or a query string.
    const streamingRequests = props.streamingRoutes?.length
      ? new OriginRequestPolicy(this, 'StreamingRequests', {
          comment: 'Adsmith streaming routes: body type and hash, the user token, the viewer address',
          headerBehavior: OriginRequestHeaderBehavior.allowList(...STREAM_FORWARDED_HEADERS, VIEWER_ADDRESS_HEADER),
          queryStringBehavior: OriginRequestQueryStringBehavior.none(),
          cookieBehavior: OriginRequestCookieBehavior.none(),
        })
      : undefined;
    const streamingBehaviours = Object.fromEntries(
      (props.streamingRoutes ?? []).map(({ path, functionUrl }) => [
        path,
        {
          origin: FunctionUrlOrigin.withOriginAccessControl(functionUrl),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          // CloudFront offers GET/HEAD, +OPTIONS, or all; POST needs all (the function answers its own method).
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: streamingRequests!,
          responseHeadersPolicy: this.securityHeaders,
          // Compressing would hold the stream back; the answer arrives a few words at a time.
          compress: false,
        },
      ]),
    );

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Adsmith web app and API',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Only settable with our own certificate; the default *.cloudfront.net one has a fixed policy.
      minimumProtocolVersion: props.domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      priceClass: PriceClass.PRICE_CLASS_100,
      domainNames: props.domain ? [props.domain.name] : undefined,
      certificate: props.domain
        ? Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn)
        : undefined,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        // Honours the Cache-Control the deployment sets per object (immutable assets, no-cache entry files).
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.securityHeaders,
        compress: true,
        functionAssociations: [
          { function: siteRouting, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: siteRouting, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        // First: CloudFront takes the first behaviour whose pattern matches, and `/api/*` matches these too.
        ...streamingBehaviours,
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (Authorization included) except Host, which must be the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.securityHeaders,
          compress: true,
        },
      },
    });

    this.siteUrl = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Adsmith serves marketers worldwide; there is no country to block.',
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront uses its default *.cloudfront.net certificate, whose viewer TLS policy cannot be set; with -c domainName the policy is TLSv1.2_2021.',
      });
    }
  }
}

/**
 * The site bucket's name, known without a cross-stack reference: the stateless
 * stack imports the bucket by this name, so the deployment role's policy names it
 * literally (account and region keep it globally unique).
 */
export function siteBucketName(namePrefix: string): string {
  return `${namePrefix}-site-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}
