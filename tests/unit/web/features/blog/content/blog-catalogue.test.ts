import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlogContentError, buildBlogCatalogue, type BlogSourceFile } from '@web/features/blog/content/blog-catalogue';
import { aliasMap, postPath } from '@web/features/blog/content/blog-paths';
import { renderMarkdown } from '@web/features/blog/content/render-markdown';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

function post(slug: string, fields: Record<string, string> = {}, body = `## Intro\n\n${words(460)}`): BlogSourceFile {
  const all: Record<string, string> = {
    title: `"A guide called ${slug}"`,
    description: '"A description long enough to be useful to a reader, and under the limit of 160 characters."',
    date: '2025-03-04',
    slug,
    tags: '[facebook-ads, strategy]',
    ...fields,
  };
  const lines = Object.entries(all)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`);
  return { file: `${slug}.md`, source: `---\n${lines.join('\n')}\n---\n\n${body}\n` };
}

function problemsOf(files: BlogSourceFile[]): string[] {
  try {
    buildBlogCatalogue(files, renderMarkdown);
  } catch (error) {
    if (error instanceof BlogContentError) return error.problems;
    throw error;
  }
  return [];
}

describe('buildBlogCatalogue', () => {
  it('validates, renders and sorts posts newest first, with word count and reading time', () => {
    const posts = buildBlogCatalogue(
      [post('older', { date: '2025-01-02' }), post('newer', { date: '2025-02-03', alias: '/newer-alias' })],
      renderMarkdown,
    );
    expect(posts.map((p) => p.slug)).toEqual(['newer', 'older']);
    expect(posts[0]).toMatchObject({ alias: '/newer-alias', tags: ['facebook-ads', 'strategy'], readingMinutes: 2 });
    expect(posts[0]!.words).toBeGreaterThanOrEqual(460);
    expect(posts[0]!.html).toContain('<h2 id="intro">Intro</h2>');
    expect(posts[0]!.headings).toEqual([{ id: 'intro', text: 'Intro' }]);
  });

  it.each([
    ['a missing title', { title: '' }, /a\.md: title: /],
    ['a description over 160 characters', { description: `"${'x'.repeat(161)}"` }, /a\.md: description: /],
    ['an impossible date', { date: '2025-02-30' }, /a\.md: date: not a real calendar date/],
    ['a date in another format', { date: '14/01/2025' }, /a\.md: date: use YYYY-MM-DD/],
    ['no tags', { tags: '[]' }, /a\.md: tags: /],
    ['an unknown field', { draft: 'true' }, /a\.md: /],
    ['an alias that is not top-level', { alias: '/blog/a' }, /a\.md: alias: /],
    ['an alias taking a page of the site', { alias: '/pricing' }, /a\.md: alias: collides with a page/],
    ['a slug that is not the file name', { slug: 'other' }, /slug "other" must match the file name "a\.md"/],
  ])('fails the build on %s', (_name, fields, message) => {
    const problems = problemsOf([post('a', fields)]);
    expect(problems.join('\n')).toMatch(message);
  });

  // Issue 25: a post that speaks of "this year" is read as this year's; it must say which year that is.
  it('fails the build on a post speaking of "this year" whose title does not name the year of its date', () => {
    const body = `## Intro\n\nThis year, broad targeting wins. ${words(460)}`;
    expect(problemsOf([post('a', { date: '2025-03-04' }, body)])).toEqual([
      'a.md: speaks of "this year" but its title does not name 2025, the year of its date',
    ]);
    expect(problemsOf([post('b', { title: '"Targeting this year"' })]).join('\n')).toMatch(
      /b\.md: speaks of "this year"/,
    );
    expect(problemsOf([post('c', { title: '"Targeting in 2025"', date: '2025-03-04' }, body)])).toEqual([]);
  });

  it('fails the build on a title naming a year other than the year of its date', () => {
    expect(problemsOf([post('a', { title: '"The guide for 2025"', date: '2026-01-14' })])).toEqual([
      'a.md: the title names 2025 but the post is dated 2026',
    ]);
    expect(problemsOf([post('b', { title: '"What to expect after 2025"', date: '2025-10-07' })])).toEqual([]);
  });

  it('rejects duplicate slugs and aliases, listing every problem at once', () => {
    const duplicate = { ...post('a'), file: 'nested/a.md' };
    const problems = problemsOf([
      post('a', { alias: '/same' }),
      duplicate,
      post('b', { alias: '/same' }),
      post('c', { title: '' }),
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'slug "a" is used by both a and a',
        'alias "/same" is used by both a and b',
        expect.stringMatching(/^c\.md: title: /),
      ]),
    );
  });
});

describe('alias mapping', () => {
  it('maps each top-level alias to the canonical /blog/{slug}', () => {
    const posts = buildBlogCatalogue([post('guide', { alias: '/the-guide' }), post('plain')], renderMarkdown);
    expect(aliasMap(posts)).toEqual(new Map([['/the-guide', '/blog/guide']]));
    expect(postPath('plain')).toBe('/blog/plain');
  });
});

describe('the posts in web/content/blog', () => {
  const dir = path.resolve('web/content/blog');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((file) => ({ file, source: readFileSync(path.join(dir, file), 'utf8') }));

  it('all pass validation, with unique slugs and at most five aliases', () => {
    expect(files.length).toBeGreaterThan(0);
    const posts = buildBlogCatalogue(files, renderMarkdown);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    expect(posts.filter((p) => p.alias).length).toBeLessThanOrEqual(5);
    for (const p of posts) expect(p.words, p.slug).toBeGreaterThanOrEqual(900);
  });
});
