import { describe, expect, it } from 'vitest';
import { prerenderPaths, seoForPath, sitemapPaths } from '@web/app/seo/page-seo';
import { renderHead } from '@web/prerender/render-head';
import { posts, site } from '@tests/unit/web/support/site-posts';

describe('public routes and their SEO', () => {
  it('prerenders every public page, every post and every alias; the sitemap lists canonical pages only', () => {
    const paths = prerenderPaths(posts);
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/about', '/pricing', '/blog', '/privacy', '/terms', '/blog/plain']),
    );
    expect(paths).toContain('/blog/facebook-ads-guide-2025');
    expect(paths).toContain('/facebook-ads-guide-2025');
    const sitemap = sitemapPaths(posts).map((e) => e.path);
    expect(sitemap).toContain('/blog/facebook-ads-guide-2025');
    // The trust pages (issue 25, requirement 13) are public, prerendered and in the sitemap.
    expect(sitemap).toEqual(expect.arrayContaining(['/security', '/how-it-works']));
    expect(paths).toEqual(expect.arrayContaining(['/security', '/how-it-works']));
    expect(sitemap).not.toContain('/facebook-ads-guide-2025');
    expect(sitemapPaths(posts).find((e) => e.path === '/blog/plain')?.lastmod).toBe('2025-01-14');
  });

  it('gives an alias its post, with the canonical /blog/{slug}', () => {
    const seo = seoForPath('/facebook-ads-guide-2025', posts);
    expect(seo).toMatchObject({
      kind: 'post',
      path: '/facebook-ads-guide-2025',
      canonicalPath: '/blog/facebook-ads-guide-2025',
    });
    expect(renderHead({ seo: seo!, siteUrl: site })).toContain(
      '<link rel="canonical" href="https://ads.example.com/blog/facebook-ads-guide-2025" />',
    );
  });

  it('knows no signed-in or unknown path, and ignores a trailing slash', () => {
    expect(seoForPath('/dashboard', posts)).toBeNull();
    expect(seoForPath('/blog/missing', posts)).toBeNull();
    expect(seoForPath('/pricing/', posts)?.canonicalPath).toBe('/pricing');
  });

  it('keeps every static title under 70 characters and every description under 160', () => {
    for (const path of prerenderPaths(posts)) {
      const seo = seoForPath(path, posts)!;
      expect(seo.title.length, path).toBeLessThanOrEqual(70);
      expect(seo.description.length, path).toBeLessThanOrEqual(160);
    }
  });
});
