import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buckets } from '@shared/buckets';
import { buildApp, resourcesOf, type BuiltApp } from './support/build-app';
import { allowedActions, roleStatements } from './support/template-queries';

/**
 * The customer-lists bucket (issue 30, req 4): where a large customer list waits, encrypted and private, for the
 * worker to hash it; whatever is left there expires after one day. Only the audiences function and the worker reach it.
 */
function customerListsBucket(built: BuiltApp): Record<string, unknown> {
  const found = resourcesOf(built.templates.stateful, 'AWS::S3::Bucket').find(([, b]) =>
    JSON.stringify(b.Properties.BucketName ?? '').includes('adsmith-dev-customer-lists-'),
  );
  if (!found) throw new Error('no customer-lists bucket in the stateful stack');
  return found[1].Properties;
}

describe('the customer-lists bucket and who reaches it', () => {
  let built: BuiltApp;
  beforeAll(() => {
    built = buildApp();
  });
  afterAll(() => built?.cleanup());

  it('is encrypted, blocks public access and expires uploads after one day', () => {
    const bucket = customerListsBucket(built);
    expect(bucket.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1 }));
    // The hashes of a list stay while its audience exists.
    expect(rules.some((rule) => rule.Prefix === 'hashes/')).toBe(false);
    expect(buckets.customerLists.expireUnder[0].days).toBe(1);
  });

  it('takes browser PUTs from the site origin only, nothing else', () => {
    const cors = (customerListsBucket(built).CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
    expect(cors).toHaveLength(1);
    expect(cors[0]).toMatchObject({ AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'] });
    expect(JSON.stringify(cors[0]!.AllowedOrigins)).not.toContain('*');
  });

  it('lets the worker read, write and delete under uploads/ and hashes/ only, and read its queue', () => {
    const fn = 'adsmith-dev-customer-list-worker';
    const stateless = built.templates.stateless;
    const s3Actions = [...new Set(allowedActions(stateless, fn).filter((action) => action.startsWith('s3:')))];
    expect(s3Actions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const statement = roleStatements(stateless, fn).find((s) => [s.Action].flat().includes('s3:GetObject'))!;
    const resources = JSON.stringify(statement.Resource);
    expect(resources).toContain('adsmith-dev-customer-lists-');
    expect(resources).toContain('/uploads/*');
    expect(resources).toContain('/hashes/*');
    expect([statement.Resource].flat()).toHaveLength(2);
    expect(allowedActions(stateless, fn)).toContain('sqs:ReceiveMessage');
    // The audiences function queues the job; nothing else sends to the queue.
    expect(allowedActions(stateless, 'adsmith-dev-audiences')).toContain('sqs:SendMessage');
  });
});
