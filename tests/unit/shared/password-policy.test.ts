import { describe, expect, it } from 'vitest';
import { passwordPolicy, passwordRules, unmetPasswordRules } from '@shared/password-policy';

describe('password policy', () => {
  it('lists one rule per requirement', () => {
    expect(passwordRules().map((r) => r.label)).toEqual([
      `At least ${passwordPolicy.minLength} characters`,
      'A lowercase letter',
      'An uppercase letter',
      'A number',
      'A symbol such as ! @ # $ %',
    ]);
  });

  it('names exactly the rules a password breaks', () => {
    expect(unmetPasswordRules('short')).toEqual([
      `At least ${passwordPolicy.minLength} characters`,
      'An uppercase letter',
      'A number',
      'A symbol such as ! @ # $ %',
    ]);
    expect(unmetPasswordRules('Demo-Password-2026!')).toEqual([]);
  });

  it('accepts every symbol Cognito counts, and nothing else as one', () => {
    for (const symbol of [
      '^',
      '$',
      '*',
      '.',
      '[',
      ']',
      '{',
      '}',
      '(',
      ')',
      '?',
      '"',
      '!',
      '@',
      '#',
      '%',
      '&',
      '/',
      '\\',
      ',',
      '>',
      '<',
      "'",
      ':',
      ';',
      '|',
      '_',
      '~',
      '`',
      '=',
      '+',
      '-',
    ]) {
      expect(unmetPasswordRules(`Abcdefgh12${symbol}`), symbol).toEqual([]);
    }
    expect(unmetPasswordRules('Abcdefgh12 é')).toEqual(['A symbol such as ! @ # $ %']);
  });
});
