import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type * as RenderModule from '../src/prerender/render-page';
import { resolveSitePath, type PrerenderManifest } from '../src/prerender/prerender-manifest';

export interface PrerenderOptions {
  /** The Vite config file, rebuilt for Node to run the prerenderer. */
  configFile: string;
  /** The prerenderer's entry module (web/src/prerender/render-page.tsx). */
  entry: string;
  /** Where the Node build goes: inside the repo, so its imports resolve from node_modules. */
  cacheDir: string;
  /** The public origin used in canonical URLs, Open Graph, JSON-LD and the sitemap. */
  siteUrl: string;
}

/** The file a prerendered path is written to, relative to dist. */
export function fileForPath(sitePath: string): string {
  if (sitePath === '/') return 'index.html';
  if (sitePath === '/404') return '404.html';
  return `${sitePath.slice(1)}/index.html`;
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * Puts the build's stylesheet inside a prerendered page: the first paint then needs the HTML
 * alone, instead of waiting for a render-blocking CSS request that competes for the phone's
 * bandwidth with the JavaScript (Lighthouse's first and largest contentful paint). The file
 * stays in assets/ for the SPA shell and for pages reached by client-side navigation.
 */
export async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  const files = [...new Set([...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]!))];
  const css = new Map<string, string>();
  for (const href of files) css.set(href, await readFile(path.join(outDir, href), 'utf8'));
  return html.replace(
    STYLESHEET_LINK,
    (_, href: string) => `<style>${css.get(href)!.replace(/<\/style/gi, '<\\/style')}</style>`,
  );
}

/**
 * After the browser build, builds the prerenderer for Node, renders every public route
 * to static HTML (head tags included) and writes sitemap.xml, robots.txt, the SPA shell
 * (app.html) and prerendered.json, which the preview server and CloudFront use to pick
 * the file for a path.
 */
export function prerenderPlugin(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'adsmith-prerender',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = config.build.outDir;
      const started = performance.now();
      // A fresh folder per build: Node caches ES modules by URL, and a second build in the same
      // process (tests, bench) must not get the first one's modules.
      const ssrDir = path.join(options.cacheDir, `${process.pid}-${Date.now()}`);
      await build({
        configFile: options.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: options.entry,
          outDir: ssrDir,
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          copyPublicDir: false,
        },
      });
      const entryName = path.basename(options.entry).replace(/\.tsx?$/, '.js');
      const render = (await import(pathToFileURL(path.join(ssrDir, entryName)).href)) as typeof RenderModule;

      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const siteUrl = options.siteUrl.replace(/\/+$/, '');
      const pages = await render.prerenderSite(template, siteUrl);
      for (const page of pages) {
        const file = path.join(outDir, fileForPath(page.path));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await inlineStylesheets(page.html, outDir));
      }
      await writeFile(path.join(outDir, 'app.html'), render.renderAppShell(template));
      const { sitemap, robots } = render.renderSiteFiles(siteUrl);
      await writeFile(path.join(outDir, 'sitemap.xml'), sitemap);
      await writeFile(path.join(outDir, 'robots.txt'), robots);
      const manifest: PrerenderManifest = {
        siteUrl,
        pages: pages.filter((p) => p.status === 200).map((p) => p.path),
        appPaths: render.APP_SHELL_PATHS,
      };
      await writeFile(path.join(outDir, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      await rm(ssrDir, { recursive: true, force: true });
      config.logger.info(
        `prerendered ${pages.length} pages, sitemap.xml and robots.txt in ${Math.round(performance.now() - started)} ms`,
      );
    },
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir;
      // What CloudFront does in AWS: a public path gets its own HTML, an app path the shell, anything else 404.
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const url = (req.url ?? '/').split('?')[0] ?? '/';
        if (url.startsWith('/api/') || url === '/api' || path.extname(url) !== '') return next();
        readFile(path.join(outDir, 'prerendered.json'), 'utf8').then(
          (text) => {
            const { file, status } = resolveSitePath(url, JSON.parse(text) as PrerenderManifest);
            res.statusCode = status;
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            createReadStream(path.join(outDir, file)).pipe(res);
          },
          () => next(),
        );
      });
    },
  };
}
