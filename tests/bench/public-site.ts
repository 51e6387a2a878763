/**
 * `npm run bench:site`: the public site's budgets (issue 10 point 4), measured on the
 * production build behind `vite preview` (no twin needed: public pages use no API).
 * Prints JavaScript loaded by `/` (gzipped) and Lighthouse's mobile scores for `/`,
 * `/pricing` and one post, writes .bench/public-site.json, exits 1 if a budget is missed.
 *
 * Lighthouse's performance score moves with whatever else the machine is doing (its CPU
 * throttling is simulated from the measured timings), so each page is run several times
 * (`--runs N`, default 3) and the median of each figure is the result, printed beside every
 * run's performance and the machine's load average while it ran: a low figure with a load
 * average above the core count says "measure again on a quiet machine", not "the site is slow".
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build as viteBuild, preview as vitePreview } from 'vite';
import { CHROMIUM_PATH } from '../support/chromium';
import { DEFAULT_LIGHTHOUSE_RUNS, medianScores, type LighthouseScores, type RunScores } from './lighthouse-median';
import { siteBudgets } from './site-budgets';
import { measureWebWeight } from './web-weight';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const viteConfig = path.join(root, 'web/vite.config.ts');

async function runLighthouse(url: string, port: number): Promise<RunScores> {
  // Default config = mobile preset: Moto G power emulation, simulated slow 4G and 4x CPU slowdown.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failedAudits = Object.values(categories)
    // The budgeted categories only: Lighthouse 13 also runs "Agentic Browsing" (llms.txt, ai-catalog.json),
    // which no budget here covers and which would bury the failures that matter.
    .filter((c) => ['accessibility', 'best-practices', 'seo'].includes(c.id))
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

export async function measurePublicSite(options: { build: boolean; runs?: number }): Promise<{
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
    const runs = options.runs ?? DEFAULT_LIGHTHOUSE_RUNS;
    for (const page of pages) {
      const pageRuns: RunScores[] = [];
      const loads: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        loads.push(Number(loadavg()[0]!.toFixed(2)));
        pageRuns.push(await runLighthouse(`${base}${page}`, chrome.port));
      }
      scores.push(medianScores(pageRuns, loads));
    }
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
  const runs = figures.lighthouse[0]?.runs ?? 0;
  console.log(
    `Lighthouse, mobile preset, median of ${runs} run${runs === 1 ? '' : 's'} per page on ${cpus().length} cores (budgets: performance ≥ ${b.performance}, accessibility ${b.accessibility}, best practices ≥ ${b.bestPractices}, SEO ${b.seo})`,
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
    console.log(
      `  ${''.padEnd(42)} (perf per run: ${s.performanceRuns.join(', ')}; load average 1 min: ${s.loadAverages.join(', ')})`,
    );
  }
}

// Run directly: `npm run bench:site`.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : DEFAULT_LIGHTHOUSE_RUNS;
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs takes a whole number of Lighthouse runs per page (1 or more)');
    process.exit(2);
  }
  measurePublicSite({ build: !process.argv.includes('--no-build'), runs })
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
