import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseFrontMatter } from '@web/features/blog/content/front-matter';

describe('parseFrontMatter', () => {
  it('reads quoted and bare values, flat lists and trailing comments, and returns the body', () => {
    const { data, body } = parseFrontMatter(
      [
        '---',
        'title: "The Facebook Ads Guide: 2025 # not a comment"',
        "description: 'It''s short.'",
        'date: 2025-01-14',
        'tags: [facebook-ads, strategy]',
        'alias: /facebook-ads-guide-2025        # optional; exactly five posts have one',
        '---',
        '',
        '## Heading',
        'Text.',
      ].join('\n'),
      'post.md',
    );
    expect(data).toEqual({
      title: 'The Facebook Ads Guide: 2025 # not a comment',
      description: "It's short.",
      date: '2025-01-14',
      tags: ['facebook-ads', 'strategy'],
      alias: '/facebook-ads-guide-2025',
    });
    expect(body).toBe('## Heading\nText.');
  });

  it.each([
    ['no opening line', 'title: x\n---\n', /must start with a ---/],
    ['no closing line', '---\ntitle: x\n', /no closing ---/],
    ['a line that is not key: value', '---\njust words\n---\n', /post\.md:2: expected "key: value"/],
    ['a key given twice', '---\ntitle: a\ntitle: b\n---\n', /"title" is given twice/],
    ['an unterminated quote', '---\ntitle: "open\n---\n', /unterminated quote/],
    ['an unclosed list', '---\ntags: [a, b\n---\n', /must end with \]/],
  ])('rejects %s, naming the file and line', (_name, source, message) => {
    expect(() => parseFrontMatter(source, 'post.md')).toThrow(FrontMatterError);
    expect(() => parseFrontMatter(source, 'post.md')).toThrow(message);
  });
});
