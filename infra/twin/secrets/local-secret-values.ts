import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { secrets, type SecretKey, type SecretValue } from '@shared/secrets';
import { OAUTH_STATE_KEY_FILE } from '../state/damaged-state';
import { writeFileAtomic } from '../state/atomic-file';

/** The Meta app the twin pretends to be; the Meta sandbox accepts the same pair. */
export const LOCAL_META_APP = { appId: '1234567890', appSecret: 'adsmith-local-meta-app-secret' } as const;

/** The Stripe keys the twin's Stripe stand-in accepts and signs webhooks with (test-mode shapes, local only). */
export const LOCAL_STRIPE = { secretKey: 'sk_test_adsmith_local', webhookSecret: 'whsec_adsmith_local' } as const;

/** The state-folder file that keeps the chat address salt across restarts (the day's counts stay valid). */
export const CHAT_ADDRESS_SALT_FILE = 'chat-address-salt';

export interface LocalSecretInputs {
  stateDir: string;
  /** Where the local bus's sinks listen, standing in for Slack and the automation webhook. */
  slackSinkUrl: string;
  webhookSinkUrl: string;
  /** A real OpenAI key if the developer has one; empty selects the offline model. */
  openaiApiKey?: string;
  /** What the web proxy sends in the origin-verify header (generated at each start, as AWS generates it at deploy). */
  originVerifyValue: string;
}

/**
 * The HMAC key is generated once and kept in the state dir, so OAuth states
 * issued before a restart still verify after it (as in AWS, where it is generated at deploy).
 */
async function persistentHmacKey(stateDir: string, name = OAUTH_STATE_KEY_FILE): Promise<string> {
  const file = path.join(stateDir, name);
  try {
    const key = (await readFile(file, 'utf8')).trim();
    if (key.length >= 32) return key;
  } catch {
    // first start: generate below
  }
  const key = randomBytes(32).toString('base64url');
  await mkdir(stateDir, { recursive: true });
  await writeFileAtomic(file, key, { mode: 0o600 });
  return key;
}

/**
 * Every secret in the secrets table with its local value, keyed by the secret's
 * name (its id locally), each checked against the declared shape.
 */
export async function localSecretValues(inputs: LocalSecretInputs): Promise<Map<string, string>> {
  const values: { [K in SecretKey]: SecretValue<K> } = {
    metaApp: { ...LOCAL_META_APP },
    oauthStateKey: { key: await persistentHmacKey(inputs.stateDir) },
    openai: { apiKey: inputs.openaiApiKey ?? '' },
    notifications: { slackWebhookUrl: inputs.slackSinkUrl, automationWebhookUrl: inputs.webhookSinkUrl },
    stripe: { ...LOCAL_STRIPE },
    originVerify: { value: inputs.originVerifyValue },
    // Kept like the OAuth key, so share links made before a restart still open after it.
    mmmShareKey: { key: await persistentHmacKey(inputs.stateDir, 'mmm-share-key') },
    // Generated for this machine, like AWS generates it at deploy: no public constant keys the address hashes.
    chatAddressSalt: { key: await persistentHmacKey(inputs.stateDir, CHAT_ADDRESS_SALT_FILE) },
  };
  const result = new Map<string, string>();
  for (const key of Object.keys(secrets) as SecretKey[]) {
    // Parse so a change to the table that the twin did not follow fails at start, not in a function.
    result.set(secrets[key].name, JSON.stringify(secrets[key].schema.parse(values[key])));
  }
  return result;
}
