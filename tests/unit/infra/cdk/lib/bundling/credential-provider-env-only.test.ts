import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAMBDA_ALIASES } from '@infra/cdk/lib/lambda-bundling';

type Provider = (
  init?: object,
) => () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;

const standIn = (await import(LAMBDA_ALIASES['@aws-sdk/credential-provider-node']!)) as { defaultProvider: Provider };

describe('the credential provider stand-in in Lambda bundles', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('answers with the execution role credentials Lambda puts in the environment', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    await expect(standIn.defaultProvider()()).resolves.toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });

  it('fails as the SDK fails when the environment has no credentials, instead of inventing any', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', '');
    await expect(standIn.defaultProvider()()).rejects.toThrow(/Unable to find environment variable credentials/);
  });

  it('replaces the whole chain in every function bundle', async () => {
    const { build } = await import('esbuild');
    const { lambdaEsbuildOptions } = await import('@infra/cdk/lib/lambda-bundling');
    const result = await build({
      ...lambdaEsbuildOptions,
      stdin: { contents: "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';", resolveDir: process.cwd() },
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((file) => file.includes('credential-provider-env-only'))).toBe(true);
    expect(inputs.filter((file) => /credential-provider-(node|sso|ini|process|web-identity)\//.test(file))).toEqual([]);
  }, 60_000);
});
