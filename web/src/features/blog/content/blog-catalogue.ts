import { BlogFrontMatterSchema } from './post-schema';
import type { BlogPost, BlogPostSummary } from './blog-types';
import { FrontMatterError, parseFrontMatter } from './front-matter';

/** Words a reader gets through per minute: the usual figure for screen reading of prose. */
export const READING_WORDS_PER_MINUTE = 230;

export class BlogContentError extends Error {
  override name = 'BlogContentError';
  constructor(readonly problems: string[]) {
    super(`The blog content has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
  }
}

export interface BlogSourceFile {
  /** The file name, e.g. `facebook-ads-guide-2025.md`: its stem must be the slug. */
  file: string;
  source: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: { id: string; text: string }[];
}

export function countWords(markdown: string): number {
  const text = markdown
    .replace(/`[^`]*`/g, ' x ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_|-]+/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}

const THIS_YEAR = /\bthis year\b/i;
const YEAR_IN_TITLE = /\b(?:19|20)\d{2}\b/g;

/**
 * A post is read as written when it is dated: one that speaks of "this year" must name that year in its title (a
 * reader arriving a year later sees which year it meant), and a title naming a year must be dated in that year (a
 * "guide for 2025" dated 2026 is a stale guide republished). Issue 25.
 */
function yearProblems(
  file: string,
  meta: { title: string; description: string; date: string },
  body: string,
): string[] {
  const year = meta.date.slice(0, 4);
  const problems: string[] = [];
  if ([meta.title, meta.description, body].some((text) => THIS_YEAR.test(text)) && !meta.title.includes(year)) {
    problems.push(`${file}: speaks of "this year" but its title does not name ${year}, the year of its date`);
  }
  for (const named of new Set(meta.title.match(YEAR_IN_TITLE) ?? [])) {
    if (named !== year) problems.push(`${file}: the title names ${named} but the post is dated ${year}`);
  }
  return problems;
}

/**
 * Parses, validates and renders every post; throws one error listing every problem
 * (bad front matter, slug not matching the file name, a year the post does not keep to, duplicate slugs or
 * aliases), so
 * the build fails on a bad post instead of shipping it. Newest first.
 */
export function buildBlogCatalogue(
  files: BlogSourceFile[],
  render: (markdown: string) => RenderedMarkdown,
): BlogPost[] {
  const problems: string[] = [];
  const posts: BlogPost[] = [];
  for (const { file, source } of files) {
    let parsed;
    try {
      parsed = parseFrontMatter(source, file);
    } catch (error) {
      problems.push(error instanceof FrontMatterError ? error.message : `${file}: ${String(error)}`);
      continue;
    }
    const result = BlogFrontMatterSchema.safeParse(parsed.data);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${file}: ${issue.path.join('.') || 'front matter'}: ${issue.message}`);
      }
      continue;
    }
    const meta = result.data;
    const stem = file.replace(/^.*\//, '').replace(/\.md$/, '');
    if (stem !== meta.slug) problems.push(`${file}: slug "${meta.slug}" must match the file name "${stem}.md"`);
    if (parsed.body.length === 0) problems.push(`${file}: the post has no body`);
    problems.push(...yearProblems(file, meta, parsed.body));
    const words = countWords(parsed.body);
    const { html, headings } = render(parsed.body);
    posts.push({ ...meta, words, readingMinutes: readingMinutes(words), html, headings });
  }
  for (const key of ['slug', 'alias'] as const) {
    const seen = new Map<string, string>();
    for (const post of posts) {
      const value = post[key];
      if (value === undefined) continue;
      const other = seen.get(value);
      if (other) problems.push(`${key} "${value}" is used by both ${other} and ${post.slug}`);
      seen.set(value, post.slug);
    }
  }
  if (problems.length > 0) throw new BlogContentError(problems);
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

export function summarise(post: BlogPost): BlogPostSummary {
  const { html: _html, headings: _headings, ...summary } = post;
  return summary;
}
