import { describe, expect, it } from 'vitest';
import { localBucketName } from '@shared/buckets';
import { functionAccessKeyId, LOCAL_CREDENTIALS, LOCAL_NAME_PREFIX } from '@infra/twin/function-environment';
import { keyPatternMatches, refusedObjectAccess } from '@infra/twin/s3/s3-iam';

const assets = localBucketName(LOCAL_NAME_PREFIX, 'assets');

describe('the twin’s S3 grants', () => {
  it('reads IAM’s wildcards: * across slashes, ? one character, the rest literally', () => {
    expect(keyPatternMatches('users/*', 'users/u1/logo.png')).toBe(true);
    expect(keyPatternMatches('users/*', 'uploads/u1/logo.png')).toBe(false);
    expect(keyPatternMatches('a?c.png', 'abc.png')).toBe(true);
    expect(keyPatternMatches('a.c', 'abc')).toBe(false);
  });

  it('lets a function act on the keys of its grant, and refuses other keys, actions and functions', () => {
    // graphics: Put/Get/Delete on assets uploads/* and users/*.
    const graphics = functionAccessKeyId('graphics');
    expect(refusedObjectAccess(graphics, 'PUT', assets, 'uploads/u1/a.png')).toBeUndefined();
    expect(refusedObjectAccess(graphics, 'HEAD', assets, 'users/u1/a.png')).toBeUndefined();
    expect(refusedObjectAccess(graphics, 'PUT', assets, 'hashes/u1/a')).toEqual({
      fn: 'graphics',
      action: 's3:PutObject',
    });
    expect(refusedObjectAccess(functionAccessKeyId('health'), 'GET', assets, 'users/u1/a.png')).toMatchObject({
      action: 's3:GetObject',
    });
    expect(refusedObjectAccess(LOCAL_CREDENTIALS.accessKeyId, 'DELETE', assets, 'anything')).toBeUndefined();
  });
});
