import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@infra/cdk/config';

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012';

describe('infra config (CDK context)', () => {
  it('defaults to dev with the CloudFront domain', () => {
    const config = parseConfig({});
    expect(config.stage).toBe('dev');
    expect(config.domain).toBeUndefined();
    expect(config.settings.retainData).toBe(false);
  });

  it('retains data in prod', () => {
    expect(parseConfig({ stage: 'prod' }).settings.retainData).toBe(true);
  });

  it('takes a domain with its us-east-1 certificate', () => {
    expect(parseConfig({ stage: 'prod', domainName: 'ads.example.com', certificateArn }).domain).toEqual({
      name: 'ads.example.com',
      certificateArn,
    });
  });

  it('names every bad value at once', () => {
    const attempt = () =>
      parseConfig({
        stage: 'staging',
        domainName: 'Not A Host',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('stage');
      expect(message).toContain('"staging"');
      expect(message).toContain('domainName');
      expect(message).toContain('certificateArn');
      expect(message).toContain('us-east-1');
    }
  });

  it('requires domainName and certificateArn together', () => {
    expect(() => parseConfig({ domainName: 'ads.example.com' })).toThrow(
      /certificateArn: is required when domainName is set/,
    );
    expect(() => parseConfig({ certificateArn })).toThrow(/domainName: is required when certificateArn is set/);
  });

  it("reads the API's custom domain, whose certificate is regional, and requires both of its values together", () => {
    const apiCertificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/12345678-1234-1234-1234-123456789012';
    expect(parseConfig({ apiDomainName: 'api.ads.example.com', apiCertificateArn }).apiDomain).toEqual({
      name: 'api.ads.example.com',
      certificateArn: apiCertificateArn,
    });
    expect(parseConfig({}).apiDomain).toBeUndefined();
    expect(() => parseConfig({ apiDomainName: 'api.ads.example.com' })).toThrow(
      /apiCertificateArn: is required when apiDomainName is set/,
    );
    expect(() => parseConfig({ apiCertificateArn })).toThrow(
      /apiDomainName: is required when apiCertificateArn is set/,
    );
    expect(() => parseConfig({ apiDomainName: 'API', apiCertificateArn: 'arn:aws:iam::1:role/x' })).toThrow(
      /apiDomainName[\s\S]*apiCertificateArn/,
    );
  });

  it('treats empty context values as absent (e.g. -c domainName=)', () => {
    expect(parseConfig({ stage: 'dev', domainName: '', certificateArn: '' }).domain).toBeUndefined();
  });

  // Issue 25, requirement 11: clicks are counted, not posted to Slack, unless the operators deploy otherwise.
  it('counts button clicks by default and posts them to Slack only when asked (-c slackClicks=slack)', () => {
    expect(parseConfig({}).notifications.slackClicks).toBe('metrics');
    expect(parseConfig({ slackClicks: 'slack' }).notifications.slackClicks).toBe('slack');
    expect(() => parseConfig({ slackClicks: 'hourly' })).toThrow(/slackClicks/);
  });
});
