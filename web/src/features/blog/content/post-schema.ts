import * as z from 'zod';

/** Paths a post alias may never take: the app's own top-level routes. */
export const RESERVED_TOP_LEVEL_PATHS = [
  '/',
  '/auth',
  '/about',
  '/contact',
  '/blog',
  '/pricing',
  '/privacy',
  '/terms',
  '/security',
  '/how-it-works',
  '/dashboard',
  '/campaigns',
  '/optimizer',
  '/campaign-generator',
  '/ad-optimizer',
  '/ads-graphics-generator',
  '/ad-copy',
  '/sitemap.xml',
  '/robots.txt',
] as const;

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The front matter every post carries (see docs/features/site.md). */
export const BlogFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(10).max(110),
  description: z.string().trim().min(50).max(160),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
    .refine(isRealDate, 'not a real calendar date'),
  slug: z.string().regex(kebab, 'lower-case words joined by hyphens'),
  tags: z.array(z.string().regex(kebab, 'tags are lower-case words joined by hyphens')).min(1).max(6),
  alias: z
    .string()
    .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a top-level path like /facebook-ads-guide-2025')
    .refine((alias) => !(RESERVED_TOP_LEVEL_PATHS as readonly string[]).includes(alias), 'collides with a page')
    .optional(),
});

export type BlogFrontMatter = z.infer<typeof BlogFrontMatterSchema>;
