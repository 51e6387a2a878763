import { describe, expect, it } from 'vitest';
import { UpdateMeSchema } from '@shared/schemas/account';

const nameIssues = (displayName: string) => {
  const parsed = UpdateMeSchema.safeParse({ displayName });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('display names', () => {
  it.each([['Ana Lima'], ['José Álvarez-Núñez'], ['李小龙'], ["Ngũgĩ wa Thiong'o"], ['محمد علي'], ['Zoë 👩🏽‍💻']])(
    'accepts %s',
    (name) => {
      expect(nameIssues(name)).toEqual([]);
    },
  );

  it.each([
    ['a NUL', 'Ana\u0000Lima'],
    ['a newline', 'Ana\nLima'],
    ['a tab', 'Ana\tLima'],
    ['an escape sequence', 'Ana\u001b[31mLima'],
    ['a C1 control', 'Ana\u0085Lima'],
    ['a right-to-left override', 'Invoice\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AAna'],
    ['a first-strong isolate', 'Ana\u2068Lima\u2069'],
    ['a right-to-left mark', 'Ana\u200F'],
    ['an Arabic letter mark', 'Ana\u061C'],
  ])('refuses %s', (_label, name) => {
    expect(nameIssues(name)).toEqual(['Display name cannot contain control or text-direction characters']);
  });

  it.each([
    ['a lone high surrogate', 'Ana\uD83D'],
    ['a lone low surrogate', '\uDC69Ana'],
    ['surrogates in the wrong order', '\uDC69\uD83D'],
  ])('refuses %s', (_label, name) => {
    expect(nameIssues(name)).toEqual(['Display name contains characters that are not text']);
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a zero-width joiner and non-joiner', '\u200D\u200C'],
    ['a word joiner and a byte-order mark', '\u2060\uFEFF'],
    ['Hangul fillers', '\u3164\u115F\u1160\uFFA0'],
    ['a braille blank', '\u2800\u2800'],
    ['a soft hyphen and a combining grapheme joiner', '\u00AD\u034F'],
    ['variation selectors and tag characters', '\uFE0F\u{E0041}\u{E007F}'],
    ['invisible characters between spaces', ' \u200B \u3164 '],
  ])('refuses a name of only invisible characters: %s', (_label, name) => {
    expect(nameIssues(name)).toEqual(['Display name needs at least one visible character']);
  });

  it('answers for the field: the issue is on displayName', () => {
    const parsed = UpdateMeSchema.safeParse({ displayName: '\u200B\u3164' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path)).toEqual([['displayName']]);
  });

  it('still trims and bounds the length', () => {
    expect(UpdateMeSchema.parse({ displayName: '  Ana  ' })).toEqual({ displayName: 'Ana' });
    expect(nameIssues('x'.repeat(101))).toEqual(['Display name is at most 100 characters']);
  });
});
