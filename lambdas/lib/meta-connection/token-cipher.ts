import type { KMSClient } from '@aws-sdk/client-kms';
import { clientOf, type ClientAccess } from '../aws/lazy-sdk';
import { kmsSdk } from '../aws/kms';

/**
 * Field-level encryption of Meta tokens with KMS. The encryption context is the
 * owning user's id: a ciphertext copied onto another user's row does not open,
 * and the key policy refuses any call without it.
 */
export interface TokenCipher {
  encrypt(userId: string, token: string): Promise<string>;
  decrypt(userId: string, ciphertext: string): Promise<string>;
}

/** `kms` is the client or its factory: the SDK loads with the first token sealed or opened (lib/aws/lazy-sdk). */
export function kmsTokenCipher(kms: ClientAccess<KMSClient>, keyId: string): TokenCipher {
  const context = (userId: string) => ({ user_id: userId });
  return {
    async encrypt(userId, token) {
      const [{ EncryptCommand }, client] = await Promise.all([kmsSdk(), clientOf(kms)]);
      const reply = await client.send(
        new EncryptCommand({
          KeyId: keyId,
          Plaintext: Buffer.from(token, 'utf8'),
          EncryptionContext: context(userId),
        }),
      );
      if (!reply.CiphertextBlob) throw new Error('KMS Encrypt returned no ciphertext');
      return Buffer.from(reply.CiphertextBlob).toString('base64');
    },
    async decrypt(userId, ciphertext) {
      const [{ DecryptCommand }, client] = await Promise.all([kmsSdk(), clientOf(kms)]);
      const reply = await client.send(
        new DecryptCommand({
          // Naming the key makes KMS refuse a blob sealed under any other key.
          KeyId: keyId,
          CiphertextBlob: Buffer.from(ciphertext, 'base64'),
          EncryptionContext: context(userId),
        }),
      );
      if (!reply.Plaintext) throw new Error('KMS Decrypt returned no plaintext');
      return Buffer.from(reply.Plaintext).toString('utf8');
    },
  };
}
