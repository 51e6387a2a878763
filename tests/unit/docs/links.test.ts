import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README is the door and docs/ the manuals: the door stays short, and no link in either leads nowhere
 * (a moved manual or a renamed heading fails here, not in a reader's browser).
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const README_MAX_LINES = 150;

/** Folders that hold no docs of ours: dependencies, build output, local state, and the blog's posts (content). */
const NOT_DOCS = new Set(['node_modules', '.git', '.local', 'cdk.out', 'dist', 'test-results', 'coverage', '.bench']);
const BLOG_POSTS = path.join(REPO_ROOT, 'web', 'content');

function markdownFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return NOT_DOCS.has(name) || full === BLOG_POSTS ? [] : markdownFilesUnder(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** README.md, docs/ and the notes beside the code (web/README.md, the Meta sandbox's README, ...). */
const docFiles = markdownFilesUnder(REPO_ROOT);
const README = path.join(REPO_ROOT, 'README.md');

/** The text a reader sees as Markdown: fenced blocks and inline code hold no links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets of `[text](target)`; external links and e-mail addresses are not ours to check. */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  return relativeLinks(markdown).flatMap((target) => {
    const [targetPath = '', anchor] = target.split('#', 2);
    const resolved = targetPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(targetPath));
    if (!existsSync(resolved)) return [`${target} (no such file)`];
    if (anchor === undefined) return [];
    if (!resolved.endsWith('.md')) return [`${target} (an anchor into a file that is not Markdown)`];
    return headingAnchors(readFileSync(resolved, 'utf8')).has(anchor) ? [] : [`${target} (no such heading)`];
  });
}

describe('README and docs', () => {
  it(`README.md is a door: at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(README, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(docFiles.map((file) => [path.relative(REPO_ROOT, file), file]))(
    'every relative link in %s resolves to a file (and heading)',
    (_name, file) => {
      expect(brokenLinks(file)).toEqual([]);
    },
  );

  it('every Markdown file is linked from the README or another one', () => {
    const linked = new Set(
      docFiles.flatMap((file) =>
        relativeLinks(readFileSync(file, 'utf8'))
          .map((target) => target.split('#', 1)[0]!)
          .filter((targetPath) => targetPath !== '')
          .map((targetPath) => path.resolve(path.dirname(file), targetPath)),
      ),
    );
    const orphans = docFiles.filter((file) => file !== README && !linked.has(file));
    expect(orphans.map((file) => path.relative(REPO_ROOT, file))).toEqual([]);
  });
});

describe('the link checker itself', () => {
  it('finds relative links outside code and ignores external ones', () => {
    const markdown = '[a](docs/a.md) [b](https://x.io) `[c](c.md)`\n```\n[d](d.md)\n```\n[e](#top "title")';
    expect(relativeLinks(markdown)).toEqual(['docs/a.md', '#top']);
  });

  it('makes the anchors GitHub makes', () => {
    const anchors = headingAnchors('# Optimizer: recommendations, Applied, Rules\n## The twin\n## The twin\n');
    expect([...anchors]).toEqual(['optimizer-recommendations-applied-rules', 'the-twin', 'the-twin-1']);
  });
});
