import { AdAccount, FacebookAdsApi, User } from 'facebook-nodejs-business-sdk';
import { consent } from '@tests/support/meta-consent';
import { contractTwin } from '../contract-twin';

/** The Marketing API version the product calls (lambdas/lib/meta); the SDK 24.0.1 defaults to v24.0. */
export const GRAPH_VERSION = 'v26.0';
const REDIRECT_URI = 'http://localhost:5173/auth/meta/callback';
const SCOPES = ['ads_management', 'ads_read', 'business_management', 'pages_read_engagement'];

/**
 * The SDK has no option for its host or version: both are static getters on FacebookAdsApi
 * (src/api.js, `GRAPH` and `VERSION`), read on every call. Redefining them is how it is pointed at
 * the sandbox and at v26.0; every path the SDK builds is then `${GRAPH}/${VERSION}/...`.
 */
function pointSdkAt(graphUrl: string): void {
  Object.defineProperty(FacebookAdsApi, 'GRAPH', { get: () => graphUrl, configurable: true });
  Object.defineProperty(FacebookAdsApi, 'VERSION', { get: () => GRAPH_VERSION, configurable: true });
}

/** A user token from the sandbox's Facebook Login: consent dialog, code, exchange, as the product does. */
async function userToken(): Promise<string> {
  const { meta } = contractTwin();
  const dialog = new URL(`${meta.url}/${GRAPH_VERSION}/dialog/oauth`);
  dialog.search = new URLSearchParams({
    client_id: meta.appId,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES.join(','),
    response_type: 'code',
    state: 'contract',
  }).toString();
  const code = (await consent(dialog.toString(), 'continue')).searchParams.get('code');
  if (!code) throw new Error('The sandbox dialog gave no code');
  const exchange = new URL(`${meta.url}/${GRAPH_VERSION}/oauth/access_token`);
  exchange.search = new URLSearchParams({
    client_id: meta.appId,
    client_secret: meta.appSecret,
    redirect_uri: REDIRECT_URI,
    code,
  }).toString();
  const reply = (await (await fetch(exchange)).json()) as { access_token?: string };
  if (!reply.access_token) throw new Error(`The token exchange failed: ${JSON.stringify(reply)}`);
  return reply.access_token;
}

export interface SdkSession {
  api: FacebookAdsApi;
  /** The demo user's USD account (`act_…`), the one the product's demo publishes to. */
  account: AdAccount;
  accountId: string;
  pageId: string;
}

/** Signs in through the sandbox and readies the SDK (crash reporting off: it would post to Meta). */
export async function businessSdkSession(): Promise<SdkSession> {
  pointSdkAt(contractTwin().meta.url);
  const api = FacebookAdsApi.init(await userToken(), 'en_US', false);
  const accounts = await new User('me').getAdAccounts(['id', 'currency']);
  const usd = accounts.find((account) => account._data.currency === 'USD');
  if (!usd) throw new Error('The sandbox user has no USD ad account');
  const account = new AdAccount(usd.id);
  const pages = await account.getPromotePages(['id', 'name']);
  const pageId = pages[0]?.id;
  if (!pageId) throw new Error('The sandbox account has no page');
  return { api, account, accountId: usd.id, pageId };
}
