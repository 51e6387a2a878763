import { describe, expect, it } from 'vitest';
import { signUpAttributesProblem } from '@lambdas/auth-pre-sign-up/sign-up-attributes';

describe('signUpAttributesProblem (pre sign-up trigger)', () => {
  it('accepts an ordinary name, accents and scripts included, and a sign-up with no name', () => {
    for (const name of ['Ada Lovelace', 'Zoë Ñúñez', '山田 太郎', 'محمد']) {
      expect(signUpAttributesProblem({ email: 'a@example.test', name }), name).toBeNull();
    }
    expect(signUpAttributesProblem({ email: 'a@example.test' })).toBeNull();
  });

  it.each([
    ['a control character', 'Ada\u0007Lovelace', 'Display name cannot contain control or text-direction characters'],
    ['a newline', 'Ada\nLovelace', 'Display name cannot contain control or text-direction characters'],
    ['a right-to-left override', 'gnp\u202Eexe', 'Display name cannot contain control or text-direction characters'],
    ['a directional isolate', 'Ada\u2066Lovelace', 'Display name cannot contain control or text-direction characters'],
    ['a lone surrogate', 'Ada\uD800', 'Display name contains characters that are not text'],
    ['only spaces', '   ', 'Display name is required'],
    ['101 characters', 'x'.repeat(101), 'Display name is at most 100 characters'],
  ])('refuses a name with %s', (_what, name, message) => {
    expect(signUpAttributesProblem({ email: 'a@example.test', name })).toBe(message);
  });
});
