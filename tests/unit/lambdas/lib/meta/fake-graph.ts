/**
 * A stand-in for `fetch` that answers from a script of replies and records
 * every request, so Graph client tests run without a network.
 */

export type ScriptedReply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { throws: Error }
  | { hangUntilAborted: true };

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: URLSearchParams | undefined;
  /** A multipart body (a file upload), as sent. */
  form?: FormData;
}

export function fakeFetch(script: readonly ScriptedReply[]) {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    requests.push({
      method: init?.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : input.toString()),
      headers: new Headers(init?.headers),
      body: rawBody === undefined ? undefined : new URLSearchParams(rawBody),
      ...(init?.body instanceof FormData ? { form: init.body } : {}),
    });
    const reply = script[next++];
    if (!reply) throw new Error(`fake fetch: no scripted reply for request ${next}`);
    if ('throws' in reply) throw reply.throws;
    if ('hangUntilAborted' in reply) {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        if (!signal) return reject(new Error('fake fetch: hang needs a signal'));
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    }
    const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(body, { status: reply.status ?? 200, headers: reply.headers });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, remaining: () => script.length - next };
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function fakeSleep() {
  const waits: number[] = [];
  return { sleep: async (ms: number) => void waits.push(ms), waits };
}

export function metaError(code: number, extra: Record<string, unknown> = {}) {
  return {
    error: { message: `(#${code}) Meta says no`, type: 'OAuthException', code, fbtrace_id: 'trace-1', ...extra },
  };
}
