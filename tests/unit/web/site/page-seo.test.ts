import { describe, expect, it } from 'vitest';
import { prerenderPaths, seoForPath, sitemapPaths } from '@web/app/seo/page-seo';
import type { BlogPostSummary } from '@web/features/blog/content/blog-types';
import { resolveSitePath } from '@web/prerender/prerender-manifest';
import { fillTemplate, renderHead, renderRobots, renderSitemap, structuredData } from '@web/prerender/render-head';

const guide: BlogPostSummary = {
  slug: 'facebook-ads-guide-2025',
  title: 'The Facebook Ads Guide for 2025',
  description: 'A guide.',
  date: '2025-01-14',
  tags: ['facebook-ads', 'strategy'],
  alias: '/facebook-ads-guide-2025',
  readingMinutes: 6,
  words: 1300,
};
const plain: BlogPostSummary = { ...guide, slug: 'plain', title: 'Plain', alias: undefined };
const posts = [guide, plain];
const site = 'https://ads.example.com';

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

describe('head tags', () => {
  it('writes title, description, canonical, Open Graph and Twitter tags, escaped', () => {
    const seo = { ...seoForPath('/about', posts)!, title: 'About "us" & <them>' };
    const head = renderHead({ seo, siteUrl: site });
    expect(head).toContain('<title>About &quot;us&quot; &amp; &lt;them&gt;</title>');
    expect(head).toContain('<link rel="canonical" href="https://ads.example.com/about" />');
    expect(head).toContain('<meta property="og:url" content="https://ads.example.com/about" />');
    expect(head).toContain('<meta property="og:type" content="website" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('noindex');
  });

  it('gives JSON-LD: Organization on home, FAQPage on pricing, Article on posts', () => {
    const types = (path: string, faq?: { question: string; answer: string }[]) =>
      structuredData({ seo: seoForPath(path, posts)!, siteUrl: site, faq }).map(
        (d) => (d as { '@type': string })['@type'],
      );
    expect(types('/')).toContain('Organization');
    expect(types('/pricing', [{ question: 'Q?', answer: 'A.' }])).toEqual(['FAQPage']);
    expect(types('/blog/plain')).toEqual(['Article']);
    const [article] = structuredData({ seo: seoForPath('/facebook-ads-guide-2025', posts)!, siteUrl: site });
    expect(article).toMatchObject({
      headline: guide.title,
      datePublished: '2025-01-14',
      mainEntityOfPage: { '@id': 'https://ads.example.com/blog/facebook-ads-guide-2025' },
    });
  });

  it('cannot be broken out of by text in JSON-LD', () => {
    const head = renderHead({
      seo: seoForPath('/pricing', posts)!,
      siteUrl: site,
      faq: [{ question: '</script><script>alert(1)</script>', answer: 'x' }],
    });
    expect(head).not.toContain('</script><script>');
    expect(head).toContain('\\u003c/script>');
  });

  it('fills the built template with head and body and marks the prerendered path', () => {
    const template =
      '<html><head><title>Default</title>\n<meta name="description" content="d" />\n</head><body><div id="root"></div></body></html>';
    const html = fillTemplate(template, '<title>New</title>', '<p>Hi</p>', '/about');
    expect(html).not.toContain('Default');
    expect(html).not.toContain('content="d"');
    expect(html).toContain('<title>New</title>');
    expect(html).toContain('<div id="root" data-prerendered-path="/about"><p>Hi</p></div>');
  });

  it('writes robots.txt and sitemap.xml for the site', () => {
    expect(renderRobots(site, ['/dashboard'])).toBe(
      'User-agent: *\nAllow: /\nDisallow: /dashboard\n\nSitemap: https://ads.example.com/sitemap.xml\n',
    );
    expect(renderSitemap(site, [{ path: '/blog/a', lastmod: '2025-01-02' }])).toContain(
      '<url><loc>https://ads.example.com/blog/a</loc><lastmod>2025-01-02</lastmod></url>',
    );
  });
});

describe('resolveSitePath (what CloudFront and the preview server serve)', () => {
  const manifest = {
    siteUrl: site,
    pages: ['/', '/pricing', '/facebook-ads-guide-2025'],
    appPaths: ['/auth', '/dashboard'],
  };
  it.each([
    ['/', 'index.html', 200],
    ['/pricing', 'pricing/index.html', 200],
    ['/pricing/', 'pricing/index.html', 200],
    ['/facebook-ads-guide-2025', 'facebook-ads-guide-2025/index.html', 200],
    ['/dashboard', 'app.html', 200],
    ['/auth/meta/callback', 'app.html', 200],
    ['/authx', '404.html', 404],
    ['/no-such-page', '404.html', 404],
  ])('%s → %s (%i)', (url, file, status) => {
    expect(resolveSitePath(url, manifest)).toEqual({ file, status });
  });
});
