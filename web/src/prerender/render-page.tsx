/**
 * The prerenderer's entry (built for Node by web/vite/prerender-plugin.ts, never shipped
 * to browsers): renders a path with the same routes and root the browser hydrates.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { posts } from 'virtual:adsmith/blog-index';
import { appShellPaths } from '@shared/screens';
import { Root } from '../app/root';
import { appRoutes } from '../app/router/routes';
import { NOT_FOUND_SEO, prerenderPaths, seoForPath, sitemapPaths, type PageSeo } from '../app/seo/page-seo';
import { pricingFaq } from '../features/site/content/pricing-faq';
import { fillTemplate, renderHead, renderRobots, renderSitemap } from './render-head';

export interface PrerenderedPage {
  path: string;
  html: string;
  status: number;
}

async function renderBody(path: string): Promise<{ body: string; status: number }> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  // hydrate={false}: no inline script (the CSP allows none); the client resolves its lazy routes itself.
  // prerender (not renderToString) waits for anything that suspends, so the HTML is always complete.
  const { prelude } = await prerenderToNodeStream(
    <Root>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Root>,
    {
      onError: (error) => void errors.push(error),
      // React outlines a boundary bigger than this (12,800 bytes by default): its fallback is painted first and the
      // content swapped in later by an inline script, which moved the footer of `/` (CLS 0.19). Static HTML has
      // nothing to stream, so every boundary is written in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new AggregateError(errors, `${path} failed to prerender: ${String(errors[0])}`);
  let body = '';
  for await (const chunk of prelude) body += String(chunk);
  return { body, status: context.statusCode };
}

function page(template: string, siteUrl: string, seo: PageSeo, body: string, marker: string | null): string {
  const head = renderHead({ seo, siteUrl, ...(seo.kind === 'pricing' ? { faq: pricingFaq } : {}) });
  return fillTemplate(template, head, body, marker);
}

/** Every public page, the not-found page and the SPA shell, as complete HTML documents. */
export async function prerenderSite(template: string, siteUrl: string): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const path of prerenderPaths(posts)) {
    const seo = seoForPath(path, posts);
    if (!seo) throw new Error(`No SEO entry for ${path}`);
    const { body, status } = await renderBody(path);
    if (status !== 200) throw new Error(`${path} prerendered with status ${status}`);
    pages.push({ path, html: page(template, siteUrl, seo, body, path), status });
  }
  const missing = '/404';
  const notFound = await renderBody(missing);
  pages.push({
    path: '/404',
    html: page(template, siteUrl, { ...NOT_FOUND_SEO, path: missing, canonicalPath: missing }, notFound.body, null),
    status: 404,
  });
  return pages;
}

/** The shell for signed-in routes and unknown paths: no content, not for search engines. */
export function renderAppShell(template: string): string {
  return template.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
}

/**
 * Prefixes of paths the SPA shell serves (the rest, if not prerendered, is a 404): the screens table's
 * (shared/screens.ts), written to prerendered.json for CloudFront and the preview server. Search engines
 * are asked not to crawl them (robots.txt).
 */
export const APP_SHELL_PATHS: readonly string[] = appShellPaths();

export function renderSiteFiles(siteUrl: string): { sitemap: string; robots: string } {
  return {
    sitemap: renderSitemap(siteUrl, sitemapPaths(posts)),
    robots: renderRobots(siteUrl, APP_SHELL_PATHS),
  };
}

export { posts };
