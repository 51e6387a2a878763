import { describe, expect, it } from 'vitest';
import {
  buildPasswordResetLink,
  buildVerificationLink,
  parseAuthLink,
  RESET_PASSWORD_MODE,
  VERIFY_EMAIL_MODE,
} from '@shared/auth-links';

describe('auth links', () => {
  it('round-trips a verification link through the site root', () => {
    const link = buildVerificationLink('https://ads.example.com/app', { username: 'a+b@example.com', code: '123456' });
    const url = new URL(link);
    expect(url.pathname).toBe('/');
    expect(parseAuthLink(url.search, VERIFY_EMAIL_MODE)).toEqual({ username: 'a+b@example.com', code: '123456' });
  });

  it('sends reset links to /auth and keeps modes apart', () => {
    const url = new URL(buildPasswordResetLink('http://localhost:5173', { username: 'a@b.co', code: '654321' }));
    expect(url.pathname).toBe('/auth');
    expect(parseAuthLink(url.search, RESET_PASSWORD_MODE)).toEqual({ username: 'a@b.co', code: '654321' });
    expect(parseAuthLink(url.search, VERIFY_EMAIL_MODE)).toBeNull();
  });

  it('rejects links with a missing or odd-looking code', () => {
    expect(parseAuthLink('?mode=verifyEmail&username=a@b.co', VERIFY_EMAIL_MODE)).toBeNull();
    expect(parseAuthLink('?mode=verifyEmail&username=a@b.co&code=<script>', VERIFY_EMAIL_MODE)).toBeNull();
  });
});
