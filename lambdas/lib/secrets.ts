import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { secretEnvVar, secrets, type SecretKey, type SecretValue } from '@shared/secrets';

/** How long a secret stays cached in the container before it is read again. */
const SECRET_MAX_AGE_SECONDS = 300;

/**
 * Reads a secret declared in the secrets table: its id from the function's env,
 * its value from Secrets Manager (cached), parsed against the declared shape.
 * The value is never logged.
 */
export async function readSecret<K extends SecretKey>(key: K): Promise<SecretValue<K>> {
  const envVar = secretEnvVar(key);
  const secretId = process.env[envVar];
  if (!secretId) throw new Error(`Invalid function configuration: ${envVar} is not set`);
  const raw = await getSecret(secretId, { maxAge: SECRET_MAX_AGE_SECONDS, transform: 'json' });
  const parsed = secrets[key].schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Secret ${secrets[key].name} does not have the declared shape`);
  return parsed.data as SecretValue<K>;
}
