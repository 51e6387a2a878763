import { createHmac } from 'node:crypto';
import { startMetaSandbox, type MetaSandbox, type MetaSandboxOptions } from '@infra/twin/meta-sandbox/server';

/** Helpers for tests that run their own Meta sandbox on a free port. */

export const APP_ID = '1234567890';
export const APP_SECRET = 'local-test-secret';
export const REDIRECT_URI = 'http://localhost:5173/auth/meta/callback';
export const SCOPES = ['ads_management', 'ads_read', 'business_management', 'pages_read_engagement'];

export function startTestSandbox(options: Partial<MetaSandboxOptions> = {}): Promise<MetaSandbox> {
  return startMetaSandbox({ port: 0, appId: APP_ID, appSecret: APP_SECRET, faults: {}, ...options });
}

/** Replies are read loosely in tests: the assertions are what check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted, never trusted
export type LooseJson = Record<string, any>;

export interface GraphReply<T = LooseJson> {
  status: number;
  headers: Headers;
  body: T;
}

export async function graph<T = LooseJson>(
  sandbox: MetaSandbox,
  path: string,
  params: Record<string, string> = {},
  init: { method?: 'GET' | 'POST' | 'DELETE'; headers?: Record<string, string> } = {},
): Promise<GraphReply<T>> {
  const method = init.method ?? 'GET';
  const url = new URL(path.startsWith('http') ? path : `${sandbox.url}${path}`);
  const search = new URLSearchParams(params);
  let body: string | undefined;
  if (method === 'POST') body = search.toString();
  else for (const [key, value] of search) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...init.headers },
    body,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** Hidden inputs and ticked permission boxes of the consent form, read the way a browser would submit them. */
function hiddenInputs(html: string): Record<string, string> {
  const ticked = [...html.matchAll(/<input type="checkbox" id="[^"]*" name="(grant_[^"]+)" checked>/g)].map(
    (match): [string, string] => [match[1]!, 'on'],
  );
  return { ...formFields(html), ...Object.fromEntries(ticked) };
}

function formFields(html: string): Record<string, string> {
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      decode(match[1]!),
      decode(match[2]!),
    ]),
  );
}

/** Opens the dialog, presses a button, and returns where Meta would send the browser. */
export async function pressDialogButton(
  sandbox: MetaSandbox,
  decision: 'continue' | 'cancel',
  query: Record<string, string> = {},
): Promise<URL> {
  const dialogUrl = new URL(`${sandbox.url}/v26.0/dialog/oauth`);
  const params = {
    client_id: APP_ID,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES.join(','),
    response_type: 'code',
    state: 'adsmith:user-1:n0nce',
    ...query,
  };
  for (const [key, value] of Object.entries(params)) dialogUrl.searchParams.set(key, value);
  const page = await fetch(dialogUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error(`no consent form in dialog page: ${html.slice(0, 300)}`);
  const response = await fetch(new URL(action, sandbox.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenInputs(html), decision }).toString(),
  });
  if (response.status !== 302) throw new Error(`dialog answered ${response.status}`);
  return new URL(response.headers.get('location')!);
}

export async function exchangeCode(sandbox: MetaSandbox, code: string, redirectUri = REDIRECT_URI) {
  return graph<{ access_token: string; token_type: string; expires_in: number; error?: Record<string, unknown> }>(
    sandbox,
    '/v26.0/oauth/access_token',
    {
      client_id: APP_ID,
      client_secret: APP_SECRET,
      redirect_uri: redirectUri,
      code,
    },
  );
}

/** Dialog → code → short-lived user token, the whole manual login flow. */
export async function login(sandbox: MetaSandbox, scopes: string[] = SCOPES): Promise<string> {
  const redirect = await pressDialogButton(sandbox, 'continue', { scope: scopes.join(',') });
  const reply = await exchangeCode(sandbox, redirect.searchParams.get('code')!);
  if (reply.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(reply.body)}`);
  return reply.body.access_token;
}

export function proof(token: string, secret = APP_SECRET): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
