import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { postPath } from '../../features/blog/content/blog-paths';
import type { BlogPostSummary } from '../../features/blog/content/blog-types';

/** What a public page tells search engines and link previews. */
export interface PageSeo {
  /** The path this HTML is served at. */
  path: string;
  /** The canonical path (an alias points at its post). */
  canonicalPath: string;
  title: string;
  description: string;
  kind: 'home' | 'page' | 'pricing' | 'post' | 'not-found';
  post?: BlogPostSummary;
  noindex?: boolean;
}

type StaticPage = Omit<PageSeo, 'path' | 'canonicalPath'>;

/** The public pages besides the blog posts. Titles stay under 60 characters, descriptions under 160. */
export const staticPages: Record<string, StaticPage> = {
  '/': {
    kind: 'home',
    title: `${PRODUCT_NAME}: ${PRODUCT_TAGLINE}`,
    description:
      'Write ad copy, plan campaigns and manage your Meta ad account in one place. Adsmith brings AI to your Facebook and Instagram ads.',
  },
  '/about': {
    kind: 'page',
    title: `About ${PRODUCT_NAME}`,
    description:
      'Why we built Adsmith, the principles behind it, and how we handle your Meta ad account and data: openly, securely and under your control.',
  },
  '/how-it-works': {
    kind: 'page',
    title: `How ${PRODUCT_NAME} works, screen by screen`,
    description:
      'Connect a Meta ad account, read your campaigns, plan and publish with AI, approve recommendations: the real screens, and what each does.',
  },
  '/pricing': {
    kind: 'pricing',
    title: `Pricing: Free, Pro and Agency plans | ${PRODUCT_NAME}`,
    description:
      'Compare Adsmith plans: daily AI generations, connected ad accounts, graphics exports and seats. Monthly or yearly billing, cancel any time.',
  },
  '/contact': {
    kind: 'page',
    title: `Contact | ${PRODUCT_NAME}`,
    description:
      'Questions about Adsmith, plans for your team or agency, or a problem with your account? Send us a message and we answer by email.',
  },
  '/blog': {
    kind: 'page',
    title: `Blog: Facebook and Instagram ads guides | ${PRODUCT_NAME}`,
    description:
      'Practical 2025 guides on Facebook and Instagram advertising: targeting, budgets, creatives, automation and using AI well.',
  },
  '/privacy': {
    kind: 'page',
    title: `Privacy policy | ${PRODUCT_NAME}`,
    description:
      'What Adsmith keeps about you (account, Meta connection, generations, contact messages), where, for how long, and how to delete it.',
  },
  '/terms': {
    kind: 'page',
    title: `Terms of service | ${PRODUCT_NAME}`,
    description:
      'The terms for using Adsmith: your account, plans and billing, acceptable use, your content and ad accounts, and our responsibilities.',
  },
  '/security': {
    kind: 'page',
    title: `Security & data | ${PRODUCT_NAME}`,
    description:
      'Adsmith runs in your own AWS account: what it stores and where, KMS encryption at rest, TLS in transit, hashed customer lists, retention.',
  },
};

export const NOT_FOUND_SEO: StaticPage = {
  kind: 'not-found',
  title: `Page not found | ${PRODUCT_NAME}`,
  description: 'There is no page at this address. Find Adsmith’s guides on the blog or start from the home page.',
  noindex: true,
};

function postTitle(post: BlogPostSummary): string {
  const full = `${post.title} | ${PRODUCT_NAME}`;
  return full.length <= 70 ? full : post.title;
}

/** SEO of a public path; null for a path that is not a public page (signed-in or unknown). */
export function seoForPath(pathname: string, posts: readonly BlogPostSummary[]): PageSeo | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = staticPages[path];
  if (known) return { ...known, path, canonicalPath: path };
  const post = posts.find((p) => postPath(p.slug) === path || p.alias === path);
  if (!post) return null;
  return {
    kind: 'post',
    title: postTitle(post),
    description: post.description,
    path,
    canonicalPath: postPath(post.slug),
    post,
  };
}

/** Every path prerendered to its own HTML file: the public pages, every post and every alias. */
export function prerenderPaths(posts: readonly BlogPostSummary[]): string[] {
  return [
    ...Object.keys(staticPages),
    ...posts.map((post) => postPath(post.slug)),
    ...posts.flatMap((post) => (post.alias ? [post.alias] : [])),
  ];
}

/** Paths that belong in the sitemap: canonical pages only (aliases point elsewhere). */
export function sitemapPaths(posts: readonly BlogPostSummary[]): { path: string; lastmod?: string }[] {
  return [
    ...Object.keys(staticPages).map((path) => ({ path })),
    ...posts.map((post) => ({ path: postPath(post.slug), lastmod: post.date })),
  ];
}
