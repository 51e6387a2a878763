import { tokenFromRequest, tokenProblem, missingToken, type AppCredentials } from './auth.js';
import { GraphError, invalidParameter } from './graph-error.js';
import { consentPage, errorPage } from './oauth-dialog-page.js';
import { isKnownPermission, LOGIN_CONFIGURATION_SCOPES, parseScope, type PermissionGrants } from './permissions.js';
import { jsonReply, type Reply } from './reply.js';
import type { TokenStore } from './tokens.js';
import type { MetaUser } from './world.js';

/**
 * Facebook Login's manual flow: the consent dialog, code → short-lived token,
 * short → long-lived exchange, and debug_token, each answering with Meta's
 * shapes and error messages.
 */

export interface OAuthContext {
  app: AppCredentials & { name: string; allowedRedirectUris?: string[] };
  tokens: TokenStore;
  grants: PermissionGrants;
  user: MetaUser;
  now: () => Date;
}

type Params = Record<string, string | undefined>;

interface DialogRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  invalidScopes: string[];
  state?: string;
  rerequest: boolean;
}

/** Validates a dialog request; returns the error page to show instead when it is not acceptable. */
function validateDialog(ctx: OAuthContext, params: Params): DialogRequest | Reply {
  const clientId = params.client_id ?? '';
  if (clientId !== ctx.app.appId) {
    return {
      status: 200,
      html: errorPage('Invalid App ID', 'The provided app ID does not look like a valid app ID.'),
    };
  }
  const redirectUri = params.redirect_uri;
  if (!redirectUri) return { status: 200, html: errorPage('Error', 'The parameter redirect_uri is required') };
  let parsed: URL;
  try {
    parsed = new URL(redirectUri);
  } catch {
    return {
      status: 200,
      html: errorPage("Can't Load URL", "The domain of this URL isn't included in the app's domains."),
    };
  }
  const allowed = ctx.app.allowedRedirectUris;
  if (!/^https?:$/.test(parsed.protocol) || (allowed && !allowed.some((uri) => redirectUri.startsWith(uri)))) {
    return {
      status: 200,
      html: errorPage(
        'URL blocked',
        "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings. Make sure Client and Web OAuth Login are on and add all your app domains as Valid OAuth Redirect URIs.",
      ),
    };
  }
  const responseType = params.response_type ?? 'code';
  if (responseType !== 'code') {
    return {
      status: 200,
      html: errorPage('Error', `The Adsmith Meta sandbox supports response_type=code only (got ${responseType}).`),
    };
  }
  const requested = !params.scope && params.config_id ? LOGIN_CONFIGURATION_SCOPES : parseScope(params.scope);
  return {
    clientId,
    redirectUri,
    scopes: requested.filter(isKnownPermission),
    invalidScopes: requested.filter((scope) => !isKnownPermission(scope)),
    ...(params.state !== undefined && { state: params.state }),
    rerequest: params.auth_type === 'rerequest',
  };
}

/**
 * Which requested permissions the dialog asks about. As on Facebook, a permission
 * the person declined before is not asked for again (it stays declined) unless
 * the app sends auth_type=rerequest.
 */
function askable(ctx: OAuthContext, request: DialogRequest): { ask: string[]; stillDeclined: string[] } {
  const declinedBefore = (scope: string) => ctx.grants.status(ctx.app.appId, ctx.user.id, scope) === 'declined';
  const scopes = request.scopes.filter((scope) => scope !== 'public_profile');
  if (request.rerequest) return { ask: scopes, stillDeclined: [] };
  return { ask: scopes.filter((s) => !declinedBefore(s)), stillDeclined: scopes.filter(declinedBefore) };
}

/** The checkbox field for a permission in the dialog's form. */
export const grantField = (scope: string) => `grant_${scope}`;

export function dialogPage(ctx: OAuthContext, version: string, params: Params): Reply {
  const request = validateDialog(ctx, params);
  if ('status' in request) return request;
  const { ask } = askable(ctx, request);
  return {
    status: 200,
    headers: { 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' },
    html: consentPage({
      actionUrl: `/${version}/dialog/oauth/confirm`,
      appName: ctx.app.name,
      userName: ctx.user.name,
      scopes: ask,
      invalidScopes: request.invalidScopes,
      hidden: {
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        scope: request.scopes.join(','),
        ...(request.state !== undefined && { state: request.state }),
        ...(request.rerequest && { auth_type: 'rerequest' }),
        // Marks a post from this page: unticked boxes are simply absent from it.
        granular: '1',
      },
    }),
  };
}

function withQuery(uri: string, values: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(values)) if (value !== undefined) url.searchParams.set(key, value);
  // Meta appends this fragment to every login redirect.
  url.hash = '_=_';
  return url.toString();
}

/** The dialog's buttons post here: Continue issues a code, Cancel reports user_denied. */
export function dialogDecision(ctx: OAuthContext, params: Params): Reply {
  const request = validateDialog(ctx, params);
  if ('status' in request) return request;
  if (params.decision !== 'continue') {
    return {
      status: 302,
      redirect: withQuery(request.redirectUri, {
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        state: request.state,
      }),
    };
  }
  const { ask, stillDeclined } = askable(ctx, request);
  // A post without the page's marker (a script) grants everything asked, as before granular consent.
  const ticked = params.granular === '1' ? ask.filter((scope) => params[grantField(scope)] === 'on') : ask;
  const unticked = ask.filter((scope) => !ticked.includes(scope));
  ctx.grants.grant(ctx.app.appId, ctx.user.id, ticked);
  ctx.grants.declineInDialog(ctx.app.appId, ctx.user.id, [...unticked, ...stillDeclined]);
  // Permissions granted earlier and not asked again stay on the new token, as Facebook keeps them.
  const keptFromBefore = request.scopes.filter(
    (scope) => !ask.includes(scope) && ctx.grants.status(ctx.app.appId, ctx.user.id, scope) === 'granted',
  );
  const code = ctx.tokens.issueCode({
    appId: request.clientId,
    redirectUri: request.redirectUri,
    userId: ctx.user.id,
    scopes: ['public_profile', ...new Set([...ticked, ...keptFromBefore].filter((s) => s !== 'public_profile'))],
  });
  return { status: 302, redirect: withQuery(request.redirectUri, { code: code.code, state: request.state }) };
}

function oauthError(message: string, code: number, subcode?: number): GraphError {
  return new GraphError(400, {
    message,
    type: 'OAuthException',
    code,
    ...(subcode !== undefined && { error_subcode: subcode }),
  });
}

function checkClient(ctx: OAuthContext, params: Params): void {
  if (!params.client_id) throw oauthError('Missing client_id parameter.', 101);
  if (params.client_id !== ctx.app.appId)
    throw oauthError('Error validating application. Invalid application ID.', 101);
  if (!params.client_secret) throw oauthError('Missing client_secret parameter.', 1);
  if (params.client_secret !== ctx.app.appSecret) throw oauthError('Error validating client secret.', 1);
}

/** GET /oauth/access_token: code exchange, long-lived exchange, or an app access token. */
export function accessToken(ctx: OAuthContext, params: Params): Reply {
  if (params.grant_type === 'fb_exchange_token') {
    checkClient(ctx, params);
    const raw = params.fb_exchange_token;
    if (!raw) throw oauthError('Missing fb_exchange_token parameter.', 100);
    const problem = tokenProblem(ctx.tokens, ctx.app, raw, ctx.now());
    if (problem) throw problem.error;
    const source = ctx.tokens.find(raw)!;
    const token = ctx.tokens.issueToken({
      appId: source.appId,
      userId: source.userId,
      scopes: source.scopes,
      kind: 'long',
    });
    return jsonReply({
      access_token: token.token,
      token_type: 'bearer',
      expires_in: ctx.tokens.lifetimeSeconds(token),
    });
  }
  if (params.grant_type === 'client_credentials') {
    checkClient(ctx, params);
    return jsonReply({ access_token: `${ctx.app.appId}|${ctx.app.appSecret}`, token_type: 'bearer' });
  }
  if (params.grant_type !== undefined && params.grant_type !== 'authorization_code') {
    throw invalidParameter(
      `(#100) Param grant_type must be one of {fb_exchange_token, client_credentials, authorization_code}`,
    );
  }

  checkClient(ctx, params);
  if (!params.redirect_uri) throw oauthError('Missing redirect_uri parameter.', 191);
  if (!params.code) throw oauthError('Missing code parameter.', 100);
  const code = ctx.tokens.findCode(params.code);
  if (!code || code.appId !== ctx.app.appId) throw oauthError('Invalid verification code format.', 100);
  if (code.used) throw oauthError('This authorization code has been used.', 100, 36009);
  if (code.expiresAt.getTime() <= ctx.now().getTime())
    throw oauthError('This authorization code has expired.', 100, 36007);
  if (code.redirectUri !== params.redirect_uri) {
    throw oauthError(
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      100,
      36008,
    );
  }
  code.used = true;
  const token = ctx.tokens.issueToken({ appId: code.appId, userId: code.userId, scopes: code.scopes, kind: 'short' });
  return jsonReply({ access_token: token.token, token_type: 'bearer', expires_in: ctx.tokens.lifetimeSeconds(token) });
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** GET /debug_token: inspected with an app token (`app-id|app-secret`) or a user token of the same app. */
export function debugToken(ctx: OAuthContext, params: Params, authorization: string | undefined): Reply {
  const caller = tokenFromRequest(params, authorization);
  if (!caller) throw missingToken();
  const appToken = `${ctx.app.appId}|${ctx.app.appSecret}`;
  if (caller !== appToken) {
    if (caller.includes('|')) throw oauthError('Invalid OAuth access token signature.', 190);
    const problem = tokenProblem(ctx.tokens, ctx.app, caller, ctx.now());
    if (problem) throw problem.error;
  }
  if (!params.input_token) throw oauthError('(#100) The parameter input_token is required', 100);
  const problem = tokenProblem(ctx.tokens, ctx.app, params.input_token, ctx.now());
  const token = problem ? problem.token : ctx.tokens.find(params.input_token);
  if (!token) {
    return jsonReply({
      data: {
        error: { code: 190, message: problem?.error.body.message ?? 'Invalid OAuth access token.' },
        is_valid: false,
        scopes: [],
      },
    });
  }
  const data: Record<string, unknown> = {
    app_id: token.appId,
    type: 'USER',
    application: ctx.app.name,
    data_access_expires_at: seconds(token.issuedAt) + 90 * 86_400,
    expires_at: seconds(token.expiresAt),
    is_valid: !problem,
    issued_at: seconds(token.issuedAt),
    scopes: token.scopes,
    granular_scopes: token.scopes.filter((scope) => scope !== 'public_profile').map((scope) => ({ scope })),
    user_id: token.userId,
  };
  if (problem) {
    data.error = {
      code: problem.error.body.code,
      message: problem.error.body.message,
      ...(problem.error.body.error_subcode !== undefined && { subcode: problem.error.body.error_subcode }),
    };
  }
  return jsonReply({ data });
}
