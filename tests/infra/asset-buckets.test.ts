import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketEnvVar } from '@shared/buckets';
import { functions } from '@shared/functions';
import { buildApp, type BuiltApp } from './support/build-app';
import {
  bucketProperties,
  expectDeclaredLifecycle,
  expectDeclaredObjectGrant,
  expectPrivateAndEncrypted,
  expectSiteOnlyCors,
} from './support/bucket-assertions';
import { functionEnv, roleStatements } from './support/template-queries';

/** The assets bucket: the one whose name joins `adsmith-dev-assets-` with the account and region. */
const assetsBucket = (template: Template) => bucketProperties(template, 'assets');

describe("the assets bucket (stateful stack) and the graphics function's access to it", () => {
  let built: BuiltApp;
  beforeAll(() => {
    built = buildApp();
  });
  afterAll(() => built?.cleanup());

  it('is encrypted, blocks public access, owns its objects and logs access', () => {
    const bucket = assetsBucket(built.templates.stateful);
    expectPrivateAndEncrypted(bucket);
    expect(bucket.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
    expect(bucket.LoggingConfiguration).toMatchObject({ LogFilePrefix: 'assets/' });
  });

  it('refuses plain HTTP and old TLS in its bucket policy', () => {
    built.templates.stateful.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Deny', Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } } }),
        ]),
      },
    });
  });

  it('aborts incomplete multipart uploads and expires unconfirmed uploads, as shared/buckets.ts declares', () => {
    // Confirmed images under users/ never expire by themselves.
    expectDeclaredLifecycle(assetsBucket(built.templates.stateful), 'assets', 'users/');
  });

  it('allows presigned browser requests from the site origin only, with the declared methods', () => {
    expectSiteOnlyCors(assetsBucket(built.templates.stateful), 'assets');
  });

  it('grants the graphics function exactly Put/Get/DeleteObject on uploads/* and users/*, no ListBucket', () => {
    const stateless = built.templates.stateless;
    expectDeclaredObjectGrant(stateless, 'graphics', 'assets');
    const fn = 'adsmith-dev-graphics';
    expect(functionEnv(stateless, fn)[bucketEnvVar('assets')]).toBeDefined();
    // The report functions read a brand kit's logo: GetObject under users/*/assets/* only.
    for (const name of ['reports', 'reports-sender']) {
      const s3 = roleStatements(stateless, `adsmith-dev-${name}`).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('s3:')),
      );
      expect(
        s3.flatMap((s) => [s.Action].flat()),
        name,
      ).toEqual(['s3:GetObject']);
      expect(
        s3.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r)),
        name,
      ).toEqual([expect.stringMatching(/adsmith-dev-assets-.*\/users\/\*\/assets\/\*"/)]);
    }
    // The campaign generator reads a video ad's files to send them to Meta: GetObject on users/*, nothing else.
    const publisher = roleStatements(stateless, 'adsmith-dev-campaign-generator').filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('s3:')),
    );
    expect(publisher.flatMap((s) => [s.Action].flat())).toEqual(['s3:GetObject']);
    expect(JSON.stringify(publisher.map((s) => s.Resource))).toMatch(/adsmith-dev-assets-.*\/users\/\*/);
    expect(JSON.stringify(publisher.map((s) => s.Resource))).not.toContain('uploads');
    // No other function touches the bucket (the export's and the video's own grants: tests/infra/graphics-*.test.ts).
    for (const [name, declaration] of Object.entries(functions)) {
      if (
        [
          'graphics',
          'graphics-export',
          'graphics-video',
          'graphics-video-worker',
          'reports',
          'reports-sender',
          'campaign-generator',
        ].includes(name) ||
        'cognitoTrigger' in declaration
      )
        continue;
      // An edge function (the chatbot) reads the site's config.json, nothing of the assets bucket.
      const template = 'edge' in declaration ? built.templates.edge : stateless;
      const s3 = roleStatements(template, `adsmith-dev-${name}`).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('s3:')),
      );
      expect(JSON.stringify(s3.map((s) => s.Resource)), name).not.toContain('assets');
    }
  });
});
