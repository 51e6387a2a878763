import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_ADDRESS_SALT_FILE, LOCAL_META_APP, localSecretValues } from '@infra/twin/secrets/local-secret-values';
import { secrets } from '@shared/secrets';

let stateDir: string;
const inputs = () => ({
  stateDir,
  slackSinkUrl: 'http://127.0.0.1:3004/sinks/slack',
  webhookSinkUrl: 'http://127.0.0.1:3004/sinks/webhook',
  originVerifyValue: 'local-origin-verify-value-0123456789abcdef',
});

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-secrets-'));
});

afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

describe('localSecretValues', () => {
  it('gives every secret of the secrets table a value of its declared shape, keyed by name', async () => {
    const values = await localSecretValues(inputs());

    for (const declaration of Object.values(secrets)) {
      expect(declaration.schema.safeParse(JSON.parse(values.get(declaration.name) as string)).success).toBe(true);
    }
    expect(JSON.parse(values.get(secrets.metaApp.name) as string)).toEqual(LOCAL_META_APP);
    expect(JSON.parse(values.get(secrets.openai.name) as string)).toEqual({ apiKey: '' });
  });

  it('keeps the generated HMAC key across restarts, in a file only its owner can read', async () => {
    const first = await localSecretValues(inputs());
    const second = await localSecretValues(inputs());

    expect(second.get(secrets.oauthStateKey.name)).toBe(first.get(secrets.oauthStateKey.name));
    expect((await stat(path.join(stateDir, 'oauth-state-key'))).mode & 0o077).toBe(0);
  });

  it('generates the chat address salt for this machine (no public constant) and keeps it across restarts', async () => {
    const salt = (values: Map<string, string>) =>
      (JSON.parse(values.get(secrets.chatAddressSalt.name)!) as { key: string }).key;
    const first = salt(await localSecretValues(inputs()));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(salt(await localSecretValues(inputs()))).toBe(first);
    expect((await stat(path.join(stateDir, CHAT_ADDRESS_SALT_FILE))).mode & 0o077).toBe(0);
    // Another machine (state folder) has its own.
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'adsmith-secrets-'));
    try {
      expect(salt(await localSecretValues({ ...inputs(), stateDir: elsewhere }))).not.toBe(first);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
