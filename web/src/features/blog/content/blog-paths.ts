import type { BlogPostSummary } from './blog-types';

/** Canonical path of a post. */
export function postPath(slug: string): string {
  return `/blog/${slug}`;
}

/** Top-level alias → the canonical `/blog/{slug}` it stands for. */
export function aliasMap(posts: readonly BlogPostSummary[]): Map<string, string> {
  return new Map(posts.flatMap((post) => (post.alias ? [[post.alias, postPath(post.slug)] as const] : [])));
}
