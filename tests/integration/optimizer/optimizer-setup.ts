import { LOCAL_META_APP } from '@infra/twin/secrets/local-secret-values';
import type { RecommendationList, RecommendationsReply } from '@shared/schemas/optimizer';
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

/**
 * The optimizer's recommendations as the screen ends up showing them: the route answers at once and reads Meta in the
 * background (202 before the account's first read, `updating` beside older figures), so this asks again, as the
 * screen polls, until no read is under way. `refresh` starts a read of Meta first (Analyse again).
 */
export async function readRecommendations(
  who: Pick<FreshUser, 'call'>,
  adAccountId: string,
  options: { refresh?: boolean; timeoutMs?: number } = {},
): Promise<RecommendationList> {
  const path = `/api/optimizer/ad-accounts/${adAccountId}/recommendations`;
  const giveUpAt = Date.now() + (options.timeoutMs ?? 30_000);
  let reply = await who.call(`${path}${options.refresh ? '?refresh=true' : ''}`);
  for (;;) {
    if (reply.status !== 200 && reply.status !== 202)
      throw new Error(`recommendations answered ${reply.status}: ${await reply.text()}`);
    const body = (await reply.json()) as RecommendationsReply;
    if (!body.updating) {
      if (body.readFailed) throw new Error(`the read of Meta failed: ${body.readFailed.message}`);
      if ('pending' in body) throw new Error('no read of Meta under way and none landed');
      return body;
    }
    if (Date.now() > giveUpAt) throw new Error('the read of Meta did not land in time');
    await new Promise((resolve) => setTimeout(resolve, 150));
    reply = await who.call(path);
  }
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
