import { webPaths } from './web-paths';

/**
 * Links that Cognito's emails carry back to the site. The custom-message trigger
 * builds them; the web reads them at the site root (verification) and on /auth (reset).
 */
export interface AuthLinkParams {
  username: string;
  code: string;
}

export const VERIFY_EMAIL_MODE = 'verifyEmail';
export const RESET_PASSWORD_MODE = 'resetPassword';

function buildLink(base: string, path: string, mode: string, p: AuthLinkParams): string {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('mode', mode);
  url.searchParams.set('username', p.username);
  url.searchParams.set('code', p.code);
  return url.toString();
}

/** The verification link returns to the site root, which completes the confirmation. */
export function buildVerificationLink(siteUrl: string, p: AuthLinkParams): string {
  return buildLink(siteUrl, webPaths.home, VERIFY_EMAIL_MODE, p);
}

export function buildPasswordResetLink(siteUrl: string, p: AuthLinkParams): string {
  return buildLink(siteUrl, webPaths.auth, RESET_PASSWORD_MODE, p);
}

/** Reads an auth link's parameters from a query string; null when it is not one of `mode`. */
export function parseAuthLink(search: string, mode: string): AuthLinkParams | null {
  const params = new URLSearchParams(search);
  const username = params.get('username');
  const code = params.get('code');
  if (params.get('mode') !== mode || !username || !code) return null;
  if (!/^[0-9A-Za-z-]{4,64}$/.test(code)) return null;
  return { username, code };
}
