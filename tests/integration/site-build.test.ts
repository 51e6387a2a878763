import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appShellPaths } from '@shared/screens';
import { siteBudgets } from '@tests/bench/site-budgets';
import type { PrerenderManifest } from '@web/prerender/prerender-manifest';

/**
 * The production build, as CI and deploys run it: every public route must come out as
 * static HTML with its own title and canonical URL, and the sitemap must list every post.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SITE = 'https://build-test.example.com';
let outDir: string;
let manifest: PrerenderManifest;
const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
const fileFor = (sitePath: string) => (sitePath === '/' ? 'index.html' : `${sitePath.slice(1)}/index.html`);

describe('the production build of the site', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'adsmith-site-build-'));
    const vite = await import('vite');
    const nodeEnv = process.env.NODE_ENV;
    const siteUrl = process.env.ADSMITH_SITE_URL;
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    process.env.NODE_ENV = 'production';
    process.env.ADSMITH_SITE_URL = SITE;
    try {
      await vite.build({
        configFile: path.join(repoRoot, 'web/vite.config.ts'),
        mode: 'production',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, sourcemap: false, manifest: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
      if (siteUrl === undefined) delete process.env.ADSMITH_SITE_URL;
      else process.env.ADSMITH_SITE_URL = siteUrl;
    }
    manifest = JSON.parse(await read('prerendered.json')) as PrerenderManifest;
  }, 300_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('prerenders every public route with its content, title, description and canonical URL', async () => {
    expect(manifest.pages).toEqual(expect.arrayContaining(['/', '/about', '/pricing', '/blog', '/privacy', '/terms']));
    for (const page of manifest.pages) {
      const html = await read(fileFor(page));
      expect(html, page).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html, page).toMatch(/<meta name="description" content="[^"]{30,}" \/>/);
      expect(html, page).toMatch(new RegExp(`<link rel="canonical" href="${SITE}/[^"]*" />`));
      expect(html, page).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
      expect(html, page).toMatch(/<meta name="twitter:card" content="summary_large_image" \/>/);
      expect(html, page).toContain(`data-prerendered-path="${page}"`);
      // Real content, not a loading screen or a client-rendered fallback.
      expect(html, page).toMatch(/<h1[^>]*>[^<]+/);
      expect(html, page).not.toContain('<!--$!-->');
      // Every boundary inline, in place: an outlined one paints its fallback first (the footer right under the
      // header) and is swapped in by an inline script later, a layout shift Lighthouse measured at 0.19.
      expect(html, page).not.toContain('<!--$?-->');
      expect(html, page).not.toContain('<template id="B:');
    }
    expect(await read('index.html')).toContain('"@type":"Organization"');
    expect(await read('pricing/index.html')).toContain('"@type":"FAQPage"');
  });

  it('gives every post an Article and every alias its post with the canonical /blog/{slug}', async () => {
    const posts = manifest.pages.filter((p) => p.startsWith('/blog/'));
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      const html = await read(fileFor(post));
      expect(html, post).toContain('"@type":"Article"');
      expect(html, post).toContain(`<link rel="canonical" href="${SITE}${post}" />`);
    }
    const statics = [
      '/',
      '/about',
      '/pricing',
      '/contact',
      '/blog',
      '/privacy',
      '/terms',
      '/security',
      '/how-it-works',
    ];
    const aliases = manifest.pages.filter((p) => !p.startsWith('/blog/') && !statics.includes(p));
    expect(aliases.length).toBeGreaterThan(0);
    for (const alias of aliases) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await read(fileFor(alias)))?.[1];
      expect(canonical, alias).toMatch(new RegExp(`^${SITE}/blog/[a-z0-9-]+$`));
      expect(posts).toContain(new URL(canonical!).pathname);
    }
  });

  it('lists every post in sitemap.xml, keeps aliases out, and points robots.txt at it', async () => {
    const sitemap = await read('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const contentDir = path.join(repoRoot, 'web/content/blog');
    const { readdir } = await import('node:fs/promises');
    const slugs = (await readdir(contentDir))
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => f.slice(0, -3));
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) expect(locs).toContain(`${SITE}/blog/${slug}`);
    expect(locs).toContain(`${SITE}/pricing`);
    expect(
      locs.filter((loc) => !/\/blog\//.test(loc!)).every((loc) => !slugs.some((s) => loc === `${SITE}/${s}`)),
    ).toBe(true);
    const robots = await read('robots.txt');
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
    for (const prefix of appShellPaths()) expect(robots).toContain(`Disallow: ${prefix}\n`);
  });

  it("writes the screens table's app-shell paths into prerendered.json, for CloudFront and the preview server", () => {
    expect(manifest.appPaths).toEqual(appShellPaths());
  });

  it('marks the SPA shell and the not-found page noindex, and ships no Markdown parser to browsers', async () => {
    expect(await read('app.html')).toContain('<meta name="robots" content="noindex" />');
    expect(await read('404.html')).toContain('<meta name="robots" content="noindex" />');
    const { readdir } = await import('node:fs/promises');
    const assets = await readdir(path.join(outDir, 'assets'));
    const scripts = await Promise.all(assets.filter((a) => a.endsWith('.js')).map((a) => read(`assets/${a}`)));
    expect(scripts.some((s) => s.includes('marked') && s.includes('Lexer'))).toBe(false);
  });

  it('keeps what `/` loads under its JavaScript budget, without sign-in, the chat panel or tailwind-merge', async () => {
    // Vite's manifest names each chunk's static imports: the entry's, plus the home route's (resolved before
    // hydration), are what a browser loads for `/` (the bench measures the same in Chromium).
    type Chunk = { file: string; imports?: string[] };
    const chunks = JSON.parse(await read('.vite/manifest.json')) as Record<string, Chunk>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = chunks[key];
      expect(chunk, key).toBeDefined();
      if (files.has(chunk!.file)) return;
      files.add(chunk!.file);
      for (const imported of chunk!.imports ?? []) visit(imported);
    };
    visit('index.html');
    visit('src/app/routes/home.tsx');
    const code = await Promise.all([...files].map((file) => readFile(path.join(outDir, file))));
    const gzipBytes = code.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(siteBudgets.homeJsGzipKB * 1024);
    // On demand only: the chat panel (opened by a click), the auth runtime with Amplify (sign-in, a stored session).
    const onDemand = ['src/features/chatbot/components/chat-panel.tsx', 'src/lib/auth/auth-runtime.tsx'];
    for (const key of onDemand) expect(files, key).not.toContain(chunks[key]?.file);
    expect([...files].some((file) => /amplify/.test(file))).toBe(false);
    // tailwind-merge's class table ('fvn-ordinal' is its font-variant-numeric group); public pages join classes.
    expect(code.some((body) => body.includes('fvn-ordinal'))).toBe(false);
  });
});
