import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import type { PageSeo } from '../app/seo/page-seo';

/** The <head> tags of a prerendered page: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export interface HeadInput {
  seo: PageSeo;
  /** The site's origin without a trailing slash, e.g. https://adsmith.app */
  siteUrl: string;
  /** FAQ entries for the pricing page's FAQPage. */
  faq?: { question: string; answer: string }[];
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export function structuredData({ seo, siteUrl, faq }: HeadInput): object[] {
  const organization = {
    '@type': 'Organization',
    name: PRODUCT_NAME,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    description: PRODUCT_TAGLINE,
  };
  if (seo.kind === 'home') {
    return [
      { '@context': 'https://schema.org', ...organization },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: PRODUCT_NAME,
        url: `${siteUrl}/`,
        description: seo.description,
      },
    ];
  }
  if (seo.kind === 'pricing' && faq) {
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.map((entry) => ({
          '@type': 'Question',
          name: entry.question,
          acceptedAnswer: { '@type': 'Answer', text: entry.answer },
        })),
      },
    ];
  }
  if (seo.kind === 'post' && seo.post) {
    const url = `${siteUrl}${seo.canonicalPath}`;
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: seo.post.title,
        description: seo.post.description,
        datePublished: seo.post.date,
        dateModified: seo.post.date,
        keywords: seo.post.tags.join(', '),
        wordCount: seo.post.words,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        author: organization,
        publisher: organization,
      },
    ];
  }
  return [];
}

export function renderHead(input: HeadInput): string {
  const { seo, siteUrl } = input;
  const canonical = `${siteUrl}${seo.canonicalPath === '/' ? '/' : seo.canonicalPath}`;
  const title = escapeHtml(seo.title);
  const description = escapeHtml(seo.description);
  const ogType = seo.kind === 'post' ? 'article' : 'website';
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    seo.noindex ? '<meta name="robots" content="noindex" />' : '',
    seo.noindex ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${ogType}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${siteUrl}/og-image.png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:locale" content="en_US" />`,
    seo.kind === 'post' && seo.post
      ? `<meta property="article:published_time" content="${seo.post.date}" />` +
        seo.post.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}" />`).join('')
      : '',
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${siteUrl}/og-image.png" />`,
    ...structuredData(input).map(jsonLdScript),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Puts the head tags and the page HTML into the built index.html. */
export function fillTemplate(template: string, head: string, body: string, path: string | null): string {
  const withoutDefaults = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '');
  const marker = path === null ? '' : ` data-prerendered-path="${escapeHtml(path)}"`;
  const filled = withoutDefaults
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root"${marker}>${body}</div>`);
  if (!filled.includes('<div id="root"')) throw new Error('The HTML template has no <div id="root"></div>');
  return filled;
}

export function renderSitemap(siteUrl: string, entries: { path: string; lastmod?: string }[]): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string, disallow: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
