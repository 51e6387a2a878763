import { WebConfigSchema, type WebConfig } from '@shared/schemas/web-config';

/**
 * The runtime config is fetched, not bundled, so one build serves every stage
 * (CDK writes /config.json in AWS, the twin locally). It is read once at start and
 * a bad or missing file stops the app with a visible error rather than half-working.
 */
export class WebConfigError extends Error {
  override name = 'WebConfigError';
}

let loaded: WebConfig | undefined;

export async function loadWebConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  if (loaded) return loaded;
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-store' });
  } catch (cause) {
    throw new WebConfigError(`Could not download /config.json: ${String(cause)}`);
  }
  if (!response.ok) throw new WebConfigError(`/config.json answered HTTP ${response.status}.`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new WebConfigError('/config.json is not valid JSON.');
  }
  const parsed = WebConfigSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new WebConfigError(`/config.json is invalid: ${problems}`);
  }
  loaded = parsed.data;
  return loaded;
}

/** The config loaded at start; only valid after `loadWebConfig` resolved (main.tsx awaits it). */
export function getWebConfig(): WebConfig {
  if (!loaded) throw new WebConfigError('Web config read before it was loaded.');
  return loaded;
}
