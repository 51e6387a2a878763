import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, resourcesOf, type BuiltApp, type CfnJson } from './support/build-app';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';
import { onlyLogicalId } from './support/template-queries';

describe('edge stack (dev, CloudFront domain)', () => {
  let built: BuiltApp;
  let template: Template;

  beforeAll(() => {
    built = buildApp();
    template = built.templates.edge;
  });
  afterAll(() => built?.cleanup());

  describe('site bucket', () => {
    it('is private, encrypted and logs access to the log bucket', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['adsmith-dev-site-'])] }),
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'site-bucket/' },
      });
    });

    it('enforces TLS on both buckets', () => {
      const policies = resourcesOf(template, 'AWS::S3::BucketPolicy');
      expect(policies).toHaveLength(2);
      for (const [, policy] of policies) {
        expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    });

    it('is readable only by this distribution, through Origin Access Control', () => {
      template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
      });
      const distributionId = onlyLogicalId(template, 'AWS::CloudFront::Distribution');
      const sitePolicy = resourcesOf(template, 'AWS::S3::BucketPolicy').find(([, p]) =>
        JSON.stringify(p.Properties.PolicyDocument).includes('cloudfront.amazonaws.com'),
      );
      expect(sitePolicy).toBeDefined();
      const grant = (sitePolicy![1].Properties.PolicyDocument.Statement as CfnJson[]).find((s) => s.Effect === 'Allow');
      expect(grant).toMatchObject({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } });
      expect(JSON.stringify(grant.Condition)).toContain(distributionId);
    });

    it('is retained, like the log bucket', () => {
      for (const [, bucket] of Object.entries(template.findResources('AWS::S3::Bucket'))) {
        expect(bucket.DeletionPolicy).toBe('Retain');
      }
    });
  });

  describe('distribution', () => {
    it('serves the SPA from S3 over HTTPS with HTTP/2+3 and access logs', () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          HttpVersion: 'http2and3',
          Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
            FunctionAssociations: [
              { EventType: 'viewer-request', FunctionARN: Match.anyValue() },
              { EventType: 'viewer-response', FunctionARN: Match.anyValue() },
            ],
            ResponseHeadersPolicyId: { Ref: onlyLogicalId(template, 'AWS::CloudFront::ResponseHeadersPolicy') },
          }),
        }),
      });
    });

    it('has no custom error responses, so API errors are never masked as index.html', () => {
      const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, CfnJson]];
      expect(distribution.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
    });

    it('forwards /api/* to the HTTP API uncached, with every viewer header except Host', () => {
      const apiId = onlyLogicalId(template, 'AWS::ApiGatewayV2::Api');
      const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, CfnJson]];
      const config = distribution.Properties.DistributionConfig;
      const api = config.CacheBehaviors.find((b: CfnJson) => b.PathPattern === '/api/*');
      expect(api).toMatchObject({
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']),
      });
      expect(api.FunctionAssociations).toBeUndefined();
      const origin = config.Origins.find((o: CfnJson) => o.Id === api.TargetOriginId);
      expect(origin.CustomOriginConfig).toEqual({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
      expect(JSON.stringify(origin.DomainName)).toContain(apiId);
      expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    });

    it('adds the origin-verify header to API requests from a generated secret, by dynamic reference only', () => {
      const secretId = onlyLogicalId(template, 'AWS::SecretsManager::Secret');
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        Name: 'adsmith/dev/origin-verify',
        GenerateSecretString: Match.objectLike({ GenerateStringKey: 'value', PasswordLength: 48 }),
      });
      const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, CfnJson]];
      const config = distribution.Properties.DistributionConfig;
      const api = config.CacheBehaviors.find((b: CfnJson) => b.PathPattern === '/api/*');
      const origin = config.Origins.find((o: CfnJson) => o.Id === api.TargetOriginId);
      expect(origin.OriginCustomHeaders).toEqual([
        {
          HeaderName: ORIGIN_VERIFY_HEADER,
          // CloudFormation resolves it at deploy: the template holds where the value is, never the value.
          HeaderValue: {
            'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:value::}}']],
          },
        },
      ]);
      // The site's own origin (S3) never gets it.
      const others = config.Origins.filter((o: CfnJson) => o.Id !== api.TargetOriginId);
      for (const other of others) expect(other.OriginCustomHeaders).toBeUndefined();
      // The header reaches the API whatever the viewer sent: CloudFront overrides a viewer header of the same name.
      expect(JSON.stringify(template.toJSON())).not.toMatch(/"SecretString"\s*:/);
    });

    it('sends security headers: CSP (self + Cognito), HSTS, frame DENY, nosniff, referrer policy', () => {
      const [[, policy]] = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy') as [[string, CfnJson]];
      const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Meta's ad previews are iframes of facebook.com: allowed as frames, nothing else is.
      expect(csp).toContain('frame-src https://www.facebook.com https://business.facebook.com');
      expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com/);
      // Graphics uploads go from the browser to the assets bucket's presigned URL.
      expect(csp).toMatch(/connect-src [^;]* https:\/\/\*\.s3\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com/);
      expect(headers.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
      });
      expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
      expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
      expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    });

    it('routes every page path to index.html while no web build is deployed (placeholder page)', () => {
      const [[, fn]] = resourcesOf(template, 'AWS::CloudFront::Function') as [[string, CfnJson]];
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => {
        uri: string;
      };
      const rewrite = (uri: string) =>
        handler({ context: { eventType: 'viewer-request' }, request: { uri, headers: {} } }).uri;
      expect(rewrite('/')).toBe('/index.html');
      expect(rewrite('/dashboard')).toBe('/index.html');
      expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(rewrite('/config.json')).toBe('/config.json');
    });
  });

  describe('HTTP API', () => {
    it('has a throttled, auto-deployed $default stage with JSON access logs', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: 40, ThrottlingRateLimit: 20 },
        AccessLogSettings: {
          DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
          Format: Match.stringLikeRegexp('"routeKey":"\\$context.routeKey"'),
        },
      });
      const [[, stage]] = resourcesOf(template, 'AWS::ApiGatewayV2::Stage') as [[string, CfnJson]];
      const accessLogs = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string;
      expect(template.findResources('AWS::Logs::LogGroup')[accessLogs]?.Properties).toMatchObject({
        RetentionInDays: 30,
      });
    });

    it('has no CORS configuration (same origin through CloudFront) and no routes here', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
        ProtocolType: 'HTTP',
        CorsConfiguration: Match.absent(),
      });
      template.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    });

    it('keeps the execute-api endpoint without an API custom domain (it is the origin), and says so at synth', () => {
      const [[, api]] = resourcesOf(template, 'AWS::ApiGatewayV2::Api') as [[string, CfnJson]];
      expect(api.Properties.DisableExecuteApiEndpoint).toBeFalsy();
      template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
      template.hasOutput('HttpApiEndpoint', Match.anyValue());
      Annotations.fromStack(built.stacks.edge).hasInfo(
        '*',
        Match.stringLikeRegexp('keeps its default execute-api endpoint.*apiDomainName'),
      );
    });
  });

  it('outputs the site URL and the API URL', () => {
    const distributionId = onlyLogicalId(template, 'AWS::CloudFront::Distribution');
    template.hasOutput('SiteUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] },
    });
    template.hasOutput('ApiUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/api']] },
    });
  });
});

describe('edge stack (prod, custom domain)', () => {
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012';
  let built: BuiltApp;
  beforeAll(() => {
    built = buildApp({ context: { stage: 'prod', domainName: 'ads.example.com', certificateArn } });
  });
  afterAll(() => built?.cleanup());

  it('serves the domain with its certificate and TLS 1.2 minimum', () => {
    built.templates.edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['ads.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    built.templates.edge.hasOutput('SiteUrl', { Value: 'https://ads.example.com' });
    built.templates.edge.hasOutput('DistributionDomainName', Match.anyValue());
  });

  it('points verification links at the domain', () => {
    const functions = resourcesOf(built.templates.stateful, 'AWS::Lambda::Function');
    const customMessage = functions.find(([, f]) => f.Properties.FunctionName === 'adsmith-prod-auth-custom-message');
    expect(customMessage?.[1].Properties.Environment.Variables.SITE_URL).toBe('https://ads.example.com');
  });

  it('keeps the execute-api endpoint when only the site has a domain', () => {
    const [[, api]] = resourcesOf(built.templates.edge, 'AWS::ApiGatewayV2::Api') as [[string, CfnJson]];
    expect(api.Properties.DisableExecuteApiEndpoint).toBeFalsy();
  });

  it('throttles prod at its own limits and keeps access logs a year', () => {
    built.templates.edge.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
    });
    built.templates.edge.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 365 });
  });
});

describe('edge stack (prod, API custom domain)', () => {
  const apiCertificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/abcdefab-1234-1234-1234-123456789012';
  let built: BuiltApp;
  let template: Template;
  beforeAll(() => {
    built = buildApp({ context: { stage: 'prod', apiDomainName: 'api.ads.example.com', apiCertificateArn } });
    template = built.templates.edge;
  });
  afterAll(() => built?.cleanup());

  it('disables the execute-api endpoint: the API answers on its custom domain only', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.ads.example.com',
      DomainNameConfigurations: [
        Match.objectLike({ CertificateArn: apiCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }),
      ],
    });
    const apiId = onlyLogicalId(template, 'AWS::ApiGatewayV2::Api');
    template.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      ApiId: { Ref: apiId },
      Stage: '$default',
      DomainName: { Ref: onlyLogicalId(template, 'AWS::ApiGatewayV2::DomainName') },
    });
    Annotations.fromStack(built.stacks.edge).hasNoWarning('*', Match.stringLikeRegexp('execute-api endpoint'));
  });

  it("points CloudFront's /api/* origin at the custom domain, still with the origin-verify header", () => {
    const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, CfnJson]];
    const config = distribution.Properties.DistributionConfig;
    const api = config.CacheBehaviors.find((b: CfnJson) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: CfnJson) => o.Id === api.TargetOriginId);
    expect(origin.DomainName).toBe('api.ads.example.com');
    expect(origin.OriginCustomHeaders.map((h: CfnJson) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    expect(JSON.stringify(config.Origins)).not.toContain('.execute-api.');
  });

  it("outputs where the API domain's DNS record must point, and no execute-api URL", () => {
    template.hasOutput('ApiDomainTarget', {
      Value: { 'Fn::GetAtt': [onlyLogicalId(template, 'AWS::ApiGatewayV2::DomainName'), 'RegionalDomainName'] },
    });
    expect(Object.keys(template.findOutputs('HttpApiEndpoint'))).toEqual([]);
  });
});
