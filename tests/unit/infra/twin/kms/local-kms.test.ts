import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DecryptCommand, EncryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalKms } from '@infra/twin/kms/local-kms';
import { startLocalAws, type LocalAws } from '@tests/support/local-aws';

let aws: LocalAws;
const ALIAS = 'alias/adsmith-test-tokens';
const OTHER = 'alias/adsmith-test-other';

beforeAll(async () => {
  aws = await startLocalAws({ kmsAliases: [ALIAS, OTHER] });
}, 60_000);
afterAll(() => aws?.stop());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: { name: string }) => error,
  );

describe('local KMS over the KMS JSON protocol (real SDK client)', () => {
  it('encrypts and decrypts with the same encryption context, by alias or key ARN', async () => {
    const sealed = await aws.kms.send(
      new EncryptCommand({ KeyId: ALIAS, Plaintext: Buffer.from('EAAsecret'), EncryptionContext: { user_id: 'u-1' } }),
    );
    expect(sealed.KeyId).toBe(aws.keyArnOf(ALIAS));
    expect(Buffer.from(sealed.CiphertextBlob!).toString('utf8')).not.toContain('EAAsecret');

    const opened = await aws.kms.send(
      new DecryptCommand({
        KeyId: aws.keyArnOf(ALIAS),
        CiphertextBlob: sealed.CiphertextBlob,
        EncryptionContext: { user_id: 'u-1' },
      }),
    );
    expect(Buffer.from(opened.Plaintext!).toString('utf8')).toBe('EAAsecret');
    expect(opened.KeyId).toBe(aws.keyArnOf(ALIAS));
  });

  it('refuses to decrypt under another encryption context, or none, as KMS does', async () => {
    const sealed = await aws.kms.send(
      new EncryptCommand({ KeyId: ALIAS, Plaintext: Buffer.from('x'), EncryptionContext: { user_id: 'u-1' } }),
    );
    const contexts: Record<string, string>[] = [{ user_id: 'u-2' }, {}, { user_id: 'u-1', extra: 'y' }];
    for (const context of contexts) {
      const error = await failureOf(
        aws.kms.send(new DecryptCommand({ CiphertextBlob: sealed.CiphertextBlob, EncryptionContext: context })),
      );
      expect(error.name).toBe('InvalidCiphertextException');
    }
  });

  it('refuses a blob sealed under another key when Decrypt names the key, and a tampered blob', async () => {
    const sealed = await aws.kms.send(new EncryptCommand({ KeyId: OTHER, Plaintext: Buffer.from('x') }));
    expect(
      (await failureOf(aws.kms.send(new DecryptCommand({ KeyId: ALIAS, CiphertextBlob: sealed.CiphertextBlob })))).name,
    ).toBe('IncorrectKeyException');

    const tampered = Buffer.from(sealed.CiphertextBlob!);
    tampered[tampered.length - 1]! ^= 1;
    expect((await failureOf(aws.kms.send(new DecryptCommand({ CiphertextBlob: tampered })))).name).toBe(
      'InvalidCiphertextException',
    );
  });

  it('answers with KMS errors for an unknown key and an oversized plaintext', async () => {
    expect(
      (await failureOf(aws.kms.send(new EncryptCommand({ KeyId: 'alias/nope', Plaintext: Buffer.from('x') })))).name,
    ).toBe('NotFoundException');
    expect(
      (await failureOf(aws.kms.send(new EncryptCommand({ KeyId: ALIAS, Plaintext: Buffer.alloc(4097, 1) })))).name,
    ).toBe('ValidationException');
  });

  it('generates data keys whose ciphertext decrypts to the same plaintext', async () => {
    const key = await aws.kms.send(new GenerateDataKeyCommand({ KeyId: ALIAS, KeySpec: 'AES_256' }));
    expect(key.Plaintext).toHaveLength(32);
    const opened = await aws.kms.send(new DecryptCommand({ CiphertextBlob: key.CiphertextBlob }));
    expect(Buffer.from(opened.Plaintext!)).toEqual(Buffer.from(key.Plaintext!));
  });

  it('keeps key material under the state dir, written atomically, so a restart decrypts old blobs', async () => {
    const sealed = await aws.kms.send(
      new EncryptCommand({ KeyId: ALIAS, Plaintext: Buffer.from('kept'), EncryptionContext: { user_id: 'u-9' } }),
    );
    const file = path.join(aws.stateDir, 'kms', 'keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(path.dirname(file))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8')).keys).toHaveLength(2);

    const reopened = await openLocalKms({ stateDir: aws.stateDir, region: 'us-east-1', aliases: [ALIAS] });
    expect(reopened.keyArnOf(ALIAS)).toBe(aws.keyArnOf(ALIAS));
    const opened = (await reopened.operations.Decrypt!({
      CiphertextBlob: Buffer.from(sealed.CiphertextBlob!).toString('base64'),
      EncryptionContext: { user_id: 'u-9' },
    })) as { Plaintext: string };
    expect(Buffer.from(opened.Plaintext, 'base64').toString('utf8')).toBe('kept');
  });
});
