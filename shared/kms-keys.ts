/**
 * The KMS keys table: each customer-managed key that encrypts individual fields
 * (not whole tables), the encryption context every call must carry, and the
 * variable that gives a function the key's ARN. CDK creates the keys and grants
 * them with the context as a condition; the twin's local KMS creates one per alias.
 */
export const kmsKeys = {
  /** Meta long-lived user tokens: a table read alone never yields a usable token. */
  metaTokens: {
    alias: 'meta-tokens',
    description: 'Encrypts Meta access tokens field by field; every call carries the owning user id',
    encryptionContextKeys: ['user_id'],
  },
} as const;

export type KmsKeyName = keyof typeof kmsKeys;

/** The environment variable that carries a key's ARN to a function. */
export function kmsKeyEnvVar(key: KmsKeyName): string {
  return `KMS_KEY_${kmsKeys[key].alias.toUpperCase().replace(/-/g, '_')}`;
}

/** The key's alias name for a stage prefix, e.g. `alias/adsmith-dev-meta-tokens`. */
export function kmsAliasName(namePrefix: string, key: KmsKeyName): string {
  return `alias/${namePrefix}-${kmsKeys[key].alias}`;
}
