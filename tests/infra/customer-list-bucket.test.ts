import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './support/build-app';
import {
  bucketProperties,
  expectDeclaredLifecycle,
  expectDeclaredObjectGrant,
  expectPrivateAndEncrypted,
  expectSiteOnlyCors,
} from './support/bucket-assertions';
import { allowedActions } from './support/template-queries';

/**
 * The customer-lists bucket (issue 30, req 4): where a large customer list waits, encrypted and private, for the
 * worker to hash it; whatever is left there expires after one day. Only the audiences function and the worker reach it.
 */
describe('the customer-lists bucket and who reaches it', () => {
  let built: BuiltApp;
  beforeAll(() => {
    built = buildApp();
  });
  afterAll(() => built?.cleanup());

  it('is encrypted, blocks public access and expires uploads after one day', () => {
    const bucket = bucketProperties(built.templates.stateful, 'customerLists');
    expectPrivateAndEncrypted(bucket);
    // The hashes of a list stay while its audience exists.
    expectDeclaredLifecycle(bucket, 'customerLists', 'hashes/');
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1 }));
  });

  it('takes browser PUTs from the site origin only, nothing else', () => {
    const bucket = bucketProperties(built.templates.stateful, 'customerLists');
    expectSiteOnlyCors(bucket, 'customerLists');
    expect(
      (bucket.CorsConfiguration as { CorsRules: { AllowedMethods: string[] }[] }).CorsRules[0]!.AllowedMethods,
    ).toEqual(['PUT']);
  });

  it('lets the worker and the audiences function read, write and delete under uploads/ and hashes/ only', () => {
    const stateless = built.templates.stateless;
    expectDeclaredObjectGrant(stateless, 'customer-list-worker', 'customerLists');
    expectDeclaredObjectGrant(stateless, 'audiences', 'customerLists');
    expect(allowedActions(stateless, 'adsmith-dev-customer-list-worker')).toContain('sqs:ReceiveMessage');
    // The audiences function queues the job; nothing else sends to the queue.
    expect(allowedActions(stateless, 'adsmith-dev-audiences')).toContain('sqs:SendMessage');
  });
});
