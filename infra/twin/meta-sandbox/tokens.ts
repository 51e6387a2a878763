import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Opaque user access tokens and OAuth codes, mapped server-side to who they
 * belong to. Tokens look like Meta's (`EAA…`) so clients that sniff the prefix
 * behave; nothing about the user can be read out of them.
 */

export interface AccessToken {
  token: string;
  appId: string;
  userId: string;
  scopes: string[];
  kind: 'short' | 'long';
  issuedAt: Date;
  expiresAt: Date;
  revoked: boolean;
}

export interface AuthorizationCode {
  code: string;
  appId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  expiresAt: Date;
  used: boolean;
}

/** Short-lived tokens last "hours" on Meta; the sandbox gives 1-2 h. */
const SHORT_LIVED_SECONDS = { min: 3_600, max: 7_199 };
/** The exact `expires_in` Meta returns for a long-lived exchange (~60 days). */
export const LONG_LIVED_SECONDS = 5_183_944;
/** Codes are single-use and die after ten minutes. */
export const CODE_TTL_MS = 10 * 60_000;

export class TokenStore {
  private readonly tokens = new Map<string, AccessToken>();
  private readonly codes = new Map<string, AuthorizationCode>();

  constructor(private readonly now: () => Date) {}

  issueCode(input: Omit<AuthorizationCode, 'code' | 'expiresAt' | 'used'>): AuthorizationCode {
    const code: AuthorizationCode = {
      ...input,
      code: `AQ${randomBytes(48).toString('base64url')}`,
      expiresAt: new Date(this.now().getTime() + CODE_TTL_MS),
      used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  findCode(code: string): AuthorizationCode | undefined {
    return this.codes.get(code);
  }

  issueToken(input: { appId: string; userId: string; scopes: string[]; kind: 'short' | 'long' }): AccessToken {
    const issuedAt = this.now();
    const seconds =
      input.kind === 'long'
        ? LONG_LIVED_SECONDS
        : SHORT_LIVED_SECONDS.min + Math.floor(Math.random() * (SHORT_LIVED_SECONDS.max - SHORT_LIVED_SECONDS.min));
    const token: AccessToken = {
      ...input,
      token: `EAA${randomBytes(90).toString('base64url').replace(/[-_]/g, 'Z')}`,
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + seconds * 1000),
      revoked: false,
    };
    this.tokens.set(token.token, token);
    return token;
  }

  find(token: string): AccessToken | undefined {
    return this.tokens.get(token);
  }

  /** Whole seconds a token was issued for: the `expires_in` of a token endpoint reply. */
  lifetimeSeconds(token: AccessToken): number {
    return Math.round((token.expiresAt.getTime() - token.issuedAt.getTime()) / 1000);
  }

  /** Seconds left, rounded down. */
  secondsLeft(token: AccessToken): number {
    return Math.max(0, Math.floor((token.expiresAt.getTime() - this.now().getTime()) / 1000));
  }

  isExpired(token: AccessToken): boolean {
    return token.expiresAt.getTime() <= this.now().getTime();
  }

  /** Fault switch: every token issued so far expires now (new logins still work). */
  expireAll(): void {
    const past = new Date(this.now().getTime() - 1000);
    for (const token of this.tokens.values()) token.expiresAt = past;
  }

  /** DELETE /me/permissions: the user de-authorised the app, so all their tokens for it die. */
  revokeApp(appId: string, userId: string): void {
    for (const token of this.tokens.values()) {
      if (token.appId === appId && token.userId === userId) token.revoked = true;
    }
  }

  /** DELETE /me/permissions/{name}: the permission disappears from every token of the user. */
  revokePermission(appId: string, userId: string, permission: string): void {
    for (const token of this.tokens.values()) {
      if (token.appId === appId && token.userId === userId) token.scopes = token.scopes.filter((s) => s !== permission);
    }
  }

  clear(): void {
    this.tokens.clear();
    this.codes.clear();
  }

  /** Every token and code, for the state file. */
  snapshot(): { tokens: AccessToken[]; codes: AuthorizationCode[] } {
    return { tokens: [...this.tokens.values()], codes: [...this.codes.values()] };
  }

  /** Takes back what a previous run saved. */
  restore(saved: { tokens: AccessToken[]; codes: AuthorizationCode[] }): void {
    this.clear();
    for (const token of saved.tokens) this.tokens.set(token.token, { ...token, scopes: [...token.scopes] });
    for (const code of saved.codes) this.codes.set(code.code, { ...code, scopes: [...code.scopes] });
  }
}

/** appsecret_proof = hex HMAC-SHA256 of the access token keyed with the app secret. */
export function appsecretProof(token: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(token).digest('hex');
}

export function proofMatches(token: string, appSecret: string, proof: string): boolean {
  const expected = Buffer.from(appsecretProof(token, appSecret));
  const given = Buffer.from(proof.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
