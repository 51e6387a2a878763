import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { AwsServiceError } from '../aws-json/aws-json-protocol';

/**
 * A local stand-in for AWS KMS symmetric keys, as strict as the service where our
 * code could notice: the same operations (Encrypt, Decrypt, GenerateDataKey),
 * the same limits (4096-byte plaintext, string-to-string encryption context) and
 * the same errors (NotFoundException, InvalidCiphertextException when the context
 * or the blob is wrong, IncorrectKeyException when Decrypt names another key).
 *
 * Key material lives under the twin's state dir and is written atomically, so a
 * restart decrypts what an earlier run encrypted. AES-256-GCM with the canonical
 * encryption context as additional data: like KMS, a ciphertext opens only with
 * exactly the context it was sealed with.
 */

export const LOCAL_ACCOUNT = '000000000000';
/** KMS's own cap on Encrypt's plaintext. */
const MAX_PLAINTEXT_BYTES = 4096;
const BLOB_VERSION = 1;

const KeyFileSchema = z.object({
  keys: z.array(z.object({ keyId: z.uuid(), material: z.string(), aliases: z.array(z.string()) })),
});
type KeyFile = z.infer<typeof KeyFileSchema>;
type LocalKey = KeyFile['keys'][number];

export interface LocalKms {
  /** The key ARN an alias resolves to (for the functions' environment). */
  keyArnOf(alias: string): string;
  operations: Record<string, (input: Record<string, unknown>) => unknown>;
}

function keyArn(region: string, keyId: string): string {
  return `arn:aws:kms:${region}:${LOCAL_ACCOUNT}:key/${keyId}`;
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await rename(temporary, file);
}

async function readKeyFile(file: string): Promise<KeyFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = KeyFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a local KMS key file; delete it to start afresh`);
  return parsed.data;
}

/** The encryption context as KMS binds it: every pair, order-independent. */
export function canonicalContext(context: Record<string, string>): Buffer {
  const entries = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Buffer.from(JSON.stringify(entries), 'utf8');
}

function contextOf(input: Record<string, unknown>): Record<string, string> {
  const raw = input.EncryptionContext;
  if (raw === undefined || raw === null) return {};
  const parsed = z.record(z.string().min(1), z.string()).safeParse(raw);
  if (!parsed.success)
    throw new AwsServiceError('ValidationException', 'EncryptionContext must map strings to strings.');
  return parsed.data;
}

function blobOf(input: Record<string, unknown>, field: string, max: number): Buffer {
  const value = input[field];
  if (typeof value !== 'string' || value.length === 0) {
    throw new AwsServiceError('ValidationException', `1 validation error detected: ${field} must not be empty.`);
  }
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 0 || bytes.length > max) {
    throw new AwsServiceError(
      'ValidationException',
      `1 validation error detected: Value at '${field.charAt(0).toLowerCase()}${field.slice(1)}' failed to satisfy constraint: Member must have length less than or equal to ${max}`,
    );
  }
  return bytes;
}

/**
 * Opens (or creates) the key file and ensures a key exists for each alias asked for.
 * Aliases look like `alias/adsmith-local-meta-tokens`.
 */
export async function openLocalKms(options: {
  stateDir: string;
  region: string;
  aliases: string[];
}): Promise<LocalKms> {
  const file = path.join(options.stateDir, 'kms', 'keys.json');
  const keyFile: KeyFile = (await readKeyFile(file)) ?? { keys: [] };
  let changed = false;
  for (const alias of options.aliases) {
    if (keyFile.keys.some((k) => k.aliases.includes(alias))) continue;
    keyFile.keys.push({ keyId: randomUUID(), material: randomBytes(32).toString('base64'), aliases: [alias] });
    changed = true;
  }
  if (changed) await writeAtomically(file, `${JSON.stringify(keyFile, null, 2)}\n`);

  const { region } = options;
  const byId = new Map(keyFile.keys.map((k) => [k.keyId, k]));

  /** Key id, key ARN, alias name or alias ARN, as KMS accepts them. */
  function resolve(keyIdInput: unknown): LocalKey {
    if (typeof keyIdInput !== 'string' || keyIdInput.length === 0 || keyIdInput.length > 2048) {
      throw new AwsServiceError('ValidationException', '1 validation error detected: KeyId must not be empty.');
    }
    const aliasArnPrefix = `arn:aws:kms:${region}:${LOCAL_ACCOUNT}:`;
    const name = keyIdInput.startsWith(aliasArnPrefix) ? keyIdInput.slice(aliasArnPrefix.length) : keyIdInput;
    const id = name.startsWith('key/') ? name.slice(4) : name;
    const key = name.startsWith('alias/') ? keyFile.keys.find((k) => k.aliases.includes(name)) : byId.get(id);
    if (!key) {
      throw new AwsServiceError(
        'NotFoundException',
        name.startsWith('alias/')
          ? `Alias ${aliasArnPrefix}${name} is not found.`
          : `Key '${keyArn(region, id)}' does not exist`,
      );
    }
    return key;
  }

  function seal(key: LocalKey, plaintext: Buffer, context: Record<string, string>): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key.material, 'base64'), iv);
    cipher.setAAD(canonicalContext(context));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const keyIdBytes = Buffer.from(key.keyId, 'utf8');
    return Buffer.concat([Buffer.from([BLOB_VERSION, keyIdBytes.length]), keyIdBytes, iv, cipher.getAuthTag(), body]);
  }

  function open(blob: Buffer, context: Record<string, string>): { key: LocalKey; plaintext: Buffer } {
    const invalid = () => new AwsServiceError('InvalidCiphertextException', '');
    if (blob.length < 2 || blob[0] !== BLOB_VERSION) throw invalid();
    const idLength = blob[1]!;
    const key = byId.get(blob.subarray(2, 2 + idLength).toString('utf8'));
    if (!key) throw invalid();
    const rest = blob.subarray(2 + idLength);
    if (rest.length < 28) throw invalid();
    try {
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key.material, 'base64'), rest.subarray(0, 12));
      decipher.setAAD(canonicalContext(context));
      decipher.setAuthTag(rest.subarray(12, 28));
      return { key, plaintext: Buffer.concat([decipher.update(rest.subarray(28)), decipher.final()]) };
    } catch {
      // A wrong context and a tampered blob look the same, as in KMS.
      throw invalid();
    }
  }

  const operations = {
    Encrypt(input: Record<string, unknown>) {
      const key = resolve(input.KeyId);
      const plaintext = blobOf(input, 'Plaintext', MAX_PLAINTEXT_BYTES);
      const blob = seal(key, plaintext, contextOf(input));
      return {
        CiphertextBlob: blob.toString('base64'),
        KeyId: keyArn(region, key.keyId),
        EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
      };
    },
    Decrypt(input: Record<string, unknown>) {
      const { key, plaintext } = open(blobOf(input, 'CiphertextBlob', 6144), contextOf(input));
      if (input.KeyId !== undefined && resolve(input.KeyId).keyId !== key.keyId) {
        throw new AwsServiceError(
          'IncorrectKeyException',
          'The key ID in the request does not identify a CMK that can perform this operation.',
        );
      }
      return {
        Plaintext: plaintext.toString('base64'),
        KeyId: keyArn(region, key.keyId),
        EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
      };
    },
    GenerateDataKey(input: Record<string, unknown>) {
      const key = resolve(input.KeyId);
      const bytes =
        input.NumberOfBytes !== undefined
          ? Number(input.NumberOfBytes)
          : input.KeySpec === 'AES_256'
            ? 32
            : input.KeySpec === 'AES_128'
              ? 16
              : NaN;
      if (!Number.isInteger(bytes) || bytes < 1 || bytes > 1024) {
        throw new AwsServiceError('ValidationException', 'Please specify either number of bytes or key spec.');
      }
      const plaintext = randomBytes(bytes);
      return {
        CiphertextBlob: seal(key, plaintext, contextOf(input)).toString('base64'),
        Plaintext: plaintext.toString('base64'),
        KeyId: keyArn(region, key.keyId),
      };
    },
  };

  return {
    keyArnOf(alias) {
      return keyArn(region, resolve(alias).keyId);
    },
    operations,
  };
}
