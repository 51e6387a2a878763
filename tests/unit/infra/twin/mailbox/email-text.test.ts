import { describe, expect, it } from 'vitest';
import {
  decodeHtmlEntities,
  escapeHtml,
  extractLinks,
  looksLikeHtml,
  toPlainText,
} from '@infra/twin/mailbox/email-text';

const html = [
  '<p>Hi Ann,</p>',
  '<p><a href="http://127.0.0.1:5173/?mode=verifyEmail&amp;username=a%40b.c&amp;code=123456">Verify my email</a></p>',
  '<p>Or visit https://example.com/help.</p>',
].join('\n');

describe('extractLinks', () => {
  it('finds href links (entities decoded) and bare URLs, without duplicates or trailing punctuation', () => {
    expect(extractLinks(html)).toEqual([
      'http://127.0.0.1:5173/?mode=verifyEmail&username=a%40b.c&code=123456',
      'https://example.com/help',
    ]);
  });

  it('ignores non-http links', () => {
    expect(extractLinks('<a href="mailto:x@y.z">mail</a> javascript:alert(1)')).toEqual([]);
  });
});

describe('toPlainText', () => {
  it('drops tags, keeps paragraphs apart and shows link targets', () => {
    expect(toPlainText(html)).toBe(
      'Hi Ann,\n\nVerify my email (http://127.0.0.1:5173/?mode=verifyEmail&username=a%40b.c&code=123456)\n\nOr visit https://example.com/help.',
    );
  });

  it('leaves plain text as it is', () => {
    expect(looksLikeHtml('Your code is 1 < 2')).toBe(false);
    expect(toPlainText(' Your verification code is 123456. ')).toBe('Your verification code is 123456.');
  });
});

it('escapeHtml escapes markup', () => {
  expect(escapeHtml('<a href="x">&\'</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
});

it('decodeHtmlEntities decodes named and numeric entities, leaving unknown ones', () => {
  expect(decodeHtmlEntities('Pat &#60;b&#62; &amp; &#x27;x&#X27; &copy2; &unknown;')).toBe(
    "Pat <b> & 'x' &copy2; &unknown;",
  );
});
