import { describe, expect, it } from 'vitest';
import { seoForPath } from '@web/app/seo/page-seo';
import { fillTemplate, renderHead, renderRobots, renderSitemap, structuredData } from '@web/prerender/render-head';
import { guide, posts, site } from '@tests/unit/web/support/site-posts';

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
