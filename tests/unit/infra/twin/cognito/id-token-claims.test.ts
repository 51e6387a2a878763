import { describe, expect, it } from 'vitest';
import { idTokenAttributeClaims } from '@infra/twin/cognito/id-token-claims';

describe('idTokenAttributeClaims', () => {
  it('reports email_verified as a boolean read from the attribute', () => {
    expect(idTokenAttributeClaims([{ Name: 'email_verified', Value: 'false' }]).email_verified).toBe(false);
    expect(idTokenAttributeClaims([{ Name: 'email_verified', Value: 'true' }]).email_verified).toBe(true);
    expect(idTokenAttributeClaims([]).email_verified).toBe(false);
  });

  it('adds the readable name and email', () => {
    expect(
      idTokenAttributeClaims([
        { Name: 'email', Value: 'a@b.c' },
        { Name: 'name', Value: 'Ann' },
        { Name: 'custom:x', Value: 'y' },
      ]),
    ).toEqual({ email_verified: false, email: 'a@b.c', name: 'Ann' });
  });
});
