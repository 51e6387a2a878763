import type { BlogPostSummary } from '@web/features/blog/content/blog-types';

/** Two blog posts (one with an alias) and a site address, shared by the SEO and head-tag tests. */
export const guide: BlogPostSummary = {
  slug: 'facebook-ads-guide-2025',
  title: 'The Facebook Ads Guide for 2025',
  description: 'A guide.',
  date: '2025-01-14',
  tags: ['facebook-ads', 'strategy'],
  alias: '/facebook-ads-guide-2025',
  readingMinutes: 6,
  words: 1300,
};
export const plain: BlogPostSummary = { ...guide, slug: 'plain', title: 'Plain', alias: undefined };
export const posts = [guide, plain];
export const site = 'https://ads.example.com';
