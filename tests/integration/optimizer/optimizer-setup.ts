import { LOCAL_META_APP } from '@infra/twin/secrets/local-secret-values';
import { consent } from '../../support/meta-consent';
import { twin } from '../twin-client';
import { connectMeta, freshUser, sandbox, type FreshUser } from '../meta-api/meta-user';

/**
 * What the optimizer and ad optimizer suites share: a user connected to the sandbox's demo Meta user
 * with the demo USD account (where most seeded situations live) and the JPY one, a second connected user to prove
 * neither can act on the other's proposals, and the `campaign` events a change emitted.
 */
export interface OptimizerUsers {
  user: FreshUser;
  other: FreshUser;
  userSub: string;
  usdAccount: string;
  /** The demo JPY account (whole yen), seeded with the app budget situation only. */
  jpyAccount: string;
  remove: () => Promise<void>;
}

export async function optimizerUsers(label: string): Promise<OptimizerUsers> {
  const user = await freshUser(label);
  const other = await freshUser(`${label}-other`);
  await connectMeta(user);
  await connectMeta(other);
  const userSub = ((await (await user.call('/api/me')).json()) as { uid: string }).uid;
  const accounts = (
    (await (await user.call('/api/meta/ad-accounts')).json()) as { data: { id: string; currency: string }[] }
  ).data;
  const usdAccount = accounts.find((a) => a.currency === 'USD')!.id;
  const jpyAccount = accounts.find((a) => a.currency === 'JPY')!.id;
  return {
    user,
    other,
    userSub,
    usdAccount,
    jpyAccount,
    remove: async () => {
      await user.remove();
      await other.remove();
    },
  };
}

export interface BusEvent {
  event: { 'detail-type': string; detail: Record<string, unknown> };
}

/** Polls `read` until `done` (or the time is up, answering the last value for the test to judge). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The `campaign` events on the twin's bus whose detail matches: other suites write there too. */
export function campaignEvents(match: (detail: Record<string, unknown>) => boolean): Promise<BusEvent[]> {
  return until(
    async () =>
      ((await (await fetch(`${twin().eventBridge}/events?detailType=campaign`)).json()) as BusEvent[]).filter((e) =>
        match(e.event.detail),
      ),
    (found) => found.length > 0,
  );
}

/** A sandbox token of the demo Meta user, of the test's own: to read or change Meta as someone outside Adsmith would. */
export async function sandboxToken(user: FreshUser): Promise<string> {
  const config = await (await user.call('/api/meta/oauth/config')).json();
  const back = await consent(config.dialogUrl, 'continue');
  const url = new URL(`${sandbox()}/v26.0/oauth/access_token`);
  url.search = new URLSearchParams({
    client_id: LOCAL_META_APP.appId,
    client_secret: LOCAL_META_APP.appSecret,
    redirect_uri: config.redirectUri,
    code: back.searchParams.get('code')!,
  }).toString();
  const reply = await fetch(url);
  if (reply.status !== 200) throw new Error(`No sandbox token: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { access_token: string }).access_token;
}
