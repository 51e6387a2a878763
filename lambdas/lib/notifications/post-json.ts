/** The reply to one outgoing webhook post, as much as a forwarder needs of it. */
export interface PostReply {
  /** HTTP status; 0 when no reply arrived (network error, timeout). */
  status: number;
  /** Slack answers in plain text ("ok", "invalid_payload", ...); kept short for logs. */
  body: string;
  /** Seconds from a 429's Retry-After header, when it carried a usable number. */
  retryAfterSeconds?: number;
}

export type PostJson = (url: string, payload: unknown) => Promise<PostReply>;

/** Retry-After is either delta-seconds or an HTTP date; either becomes whole seconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * POSTs JSON with a timeout and without following redirects (a webhook URL that
 * redirects is misconfigured, as @slack/webhook also treats it). Never throws.
 */
export function fetchPostJson(timeoutMs: number, doFetch: typeof fetch = fetch): PostJson {
  return async (url, payload) => {
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.text()).slice(0, 200);
      return {
        status: response.status,
        body,
        ...(response.status === 429 ? { retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')) } : {}),
      };
    } catch (error) {
      return { status: 0, body: error instanceof Error ? error.name : 'network error' };
    }
  };
}

/** The host of a webhook URL, safe to show (the path holds the secret). */
export function webhookHost(url: string): string | null {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
}
