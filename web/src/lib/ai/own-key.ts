import { OWN_AI_KEY } from '@shared/constants';

/**
 * The user's own OpenAI key: valid only when it starts with
 * "sk-" and is longer than 20 characters; kept in this browser's localStorage
 * under `openai_api_key`, and nowhere else (never sent to our API).
 */
export function isValidOwnKey(key: string): boolean {
  return key.startsWith(OWN_AI_KEY.prefix) && key.length >= OWN_AI_KEY.minLength;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be blocked (privacy settings); own-key mode then lasts for the page only.
    return null;
  }
}

export function readStoredKey(): string | null {
  const key = storage()?.getItem(OWN_AI_KEY.storageKey) ?? null;
  return key && isValidOwnKey(key) ? key : null;
}

export function storeKey(key: string): void {
  storage()?.setItem(OWN_AI_KEY.storageKey, key);
}

export function removeStoredKey(): void {
  storage()?.removeItem(OWN_AI_KEY.storageKey);
}

/** For display only: enough to recognise the key, never enough to use it. */
export function maskKey(key: string): string {
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}
