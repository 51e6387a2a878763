/**
 * `npm run bench:site`: the public site's budgets (issue 10 point 4), measured on the
 * production build behind `vite preview` (no twin needed: public pages use no API).
 * Prints JavaScript loaded by `/` (gzipped) and Lighthouse's mobile scores for `/`,
 * `/pricing` and one post, writes .bench/public-site.json, exits 1 if a budget is missed.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build as viteBuild, preview as vitePreview } from 'vite';
import { CHROMIUM_PATH } from '../support/chromium';
import { measureWebWeight } from './web-weight';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const viteConfig = path.join(root, 'web/vite.config.ts');
export const siteBudgets = { homeJsGzipKB: 120, performance: 95, accessibility: 100, bestPractices: 95, seo: 100 };

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

async function runLighthouse(url: string, port: number): Promise<LighthouseScores> {
  // Default config = mobile preset: Moto G power emulation, simulated slow 4G and 4x CPU slowdown.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failedAudits = Object.values(categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs.map((ref) => audits[ref.id]!))
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    path: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    failedAudits: [...new Set(failedAudits)],
  };
}

export async function measurePublicSite(options: { build: boolean }): Promise<{
  homeJs: { scripts: number; gzipBytes: number; rawBytes: number };
  lighthouse: LighthouseScores[];
  withinBudget: boolean;
}> {
  if (options.build) {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await viteBuild({ configFile: viteConfig, mode: 'production', logLevel: 'error' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }
  const server = await vitePreview({
    configFile: viteConfig,
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const address = (server.httpServer as Server).address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const manifest = JSON.parse(await readFile(path.join(root, 'web/dist/prerendered.json'), 'utf8')) as {
      pages: string[];
    };
    const post = manifest.pages.find((p) => p.startsWith('/blog/'));
    const homeJs = await measureWebWeight(`${base}/`);
    const pages = ['/', '/pricing', ...(post ? [post] : [])];
    const scores: LighthouseScores[] = [];
    for (const page of pages) scores.push(await runLighthouse(`${base}${page}`, chrome.port));
    const b = siteBudgets;
    const withinBudget =
      homeJs.gzipBytes <= b.homeJsGzipKB * 1024 &&
      scores.every(
        (s) =>
          s.performance >= b.performance &&
          s.accessibility >= b.accessibility &&
          s.bestPractices >= b.bestPractices &&
          s.seo >= b.seo,
      );
    return { homeJs, lighthouse: scores, withinBudget };
  } finally {
    await chrome.kill();
    await new Promise<void>((resolve) => (server.httpServer as Server).close(() => resolve()));
  }
}

export function printPublicSite(figures: Awaited<ReturnType<typeof measurePublicSite>>): void {
  const b = siteBudgets;
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
  const kb = figures.homeJs.gzipBytes / 1024;
  console.log(
    `\nJavaScript loaded by /                   ${kb.toFixed(1)} KB gzipped (${(figures.homeJs.rawBytes / 1024).toFixed(1)} KB raw, ${figures.homeJs.scripts} files)  budget ≤ ${b.homeJsGzipKB} KB  ${mark(kb <= b.homeJsGzipKB)}`,
  );
  console.log(
    `Lighthouse, mobile preset (budgets: performance ≥ ${b.performance}, accessibility ${b.accessibility}, best practices ≥ ${b.bestPractices}, SEO ${b.seo})`,
  );
  for (const s of figures.lighthouse) {
    const ok =
      s.performance >= b.performance &&
      s.accessibility >= b.accessibility &&
      s.bestPractices >= b.bestPractices &&
      s.seo >= b.seo;
    console.log(
      `  ${s.path.padEnd(42)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  best ${String(s.bestPractices).padStart(3)}  seo ${String(s.seo).padStart(3)}   LCP ${s.lcpMs} ms  TBT ${s.tbtMs} ms  CLS ${s.cls}  ${mark(ok)}${s.failedAudits.length ? `  failing: ${s.failedAudits.join(', ')}` : ''}`,
    );
  }
}

// Run directly: `npm run bench:site`.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  measurePublicSite({ build: !process.argv.includes('--no-build') })
    .then(async (figures) => {
      printPublicSite(figures);
      await mkdir(path.join(root, '.bench'), { recursive: true });
      await writeFile(
        path.join(root, '.bench', 'public-site.json'),
        `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`,
      );
      process.exit(figures.withinBudget ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
