/** Modules generated at build time by web/vite/blog-content-plugin.ts from web/content/blog/. */
declare module 'virtual:adsmith/blog-index' {
  import type { BlogPostSummary } from '@web/features/blog/content/blog-types';
  /** Every post, newest first, without bodies. */
  export const posts: BlogPostSummary[];
}

declare module 'virtual:adsmith/blog-routes' {
  import type { BlogPost } from '@web/features/blog/content/blog-types';
  /** Every post's slug and alias: all the router needs, so every page can afford it. */
  export const postRoutes: { slug: string; alias?: string }[];
  /** The post's own chunk (rendered HTML included). */
  export function loadPost(slug: string): Promise<BlogPost>;
}
