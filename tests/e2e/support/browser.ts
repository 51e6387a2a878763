import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from '@tests/support/chromium';
import { e2e } from './environment';

/** Where journeys write their screenshots (CI keeps the folder when a run fails). */
export const SCREENSHOTS = 'test-results';

export interface BrowserJourneyOptions {
  /** Default 1440 × 1000. */
  viewport?: { width: number; height: number };
  /** 'suite' (default): one context and page shared by the file's tests, in order; 'test': a fresh one per test. */
  contextPer?: 'suite' | 'test';
  /** Playwright's default wait for every action and locator, generous for a loaded machine. Default 30 s. */
  timeoutMs?: number;
  /** Browser permissions granted to the site under test (e.g. clipboard-read). */
  permissions?: string[];
  /** Anything else a context takes (locale is en-US unless given). */
  contextOptions?: BrowserContextOptions;
}

export interface BrowserJourney {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Saves `test-results/<name>.png` of the journey's page (or another page). */
  screenshot(name: string, options?: { fullPage?: boolean; page?: Page }): Promise<void>;
}

/** Saves `test-results/<name>.png` of any page. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: options.fullPage ?? false });
}

/**
 * The browser setup every journey shares. Call it once at the top of a `describe`: it registers the hooks that
 * launch Debian's Chromium (one per file), open a context and page, save a full-page screenshot
 * (`test-results/failed-<test>.png`) when a test fails, and close everything afterwards.
 *
 *   const journey = useBrowserJourney();
 *   it('…', async () => { const { page } = journey; await page.goto(web); });
 */
export function useBrowserJourney(options: BrowserJourneyOptions = {}): BrowserJourney {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const perTest = options.contextPer === 'test';

  async function open(): Promise<void> {
    context = await browser!.newContext({
      viewport: options.viewport ?? { width: 1440, height: 1000 },
      locale: 'en-US',
      ...options.contextOptions,
    });
    if (options.permissions?.length) {
      await context.grantPermissions(options.permissions, { origin: e2e().web });
    }
    page = await context.newPage();
    page.setDefaultTimeout(options.timeoutMs ?? 30_000);
  }

  async function close(): Promise<void> {
    await context?.close();
    context = undefined;
    page = undefined;
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
    if (!perTest) await open();
  });
  if (perTest) beforeEach(open);
  afterEach(async ({ task }) => {
    // A failed journey leaves a picture of where it stopped.
    if (task.result?.state === 'fail' && page) {
      const name = task.name.replace(/\W+/g, '-').slice(0, 60);
      await page.screenshot({ path: `${SCREENSHOTS}/failed-${name}.png`, fullPage: true }).catch(() => undefined);
    }
    if (perTest) await close();
  });
  afterAll(async () => {
    await close();
    await browser?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The journey's ${what} is used outside a test (before its hooks ran)`);
    return value;
  };
  return {
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context');
    },
    get page() {
      return ready(page, 'page');
    },
    screenshot: (name, { fullPage, page: other } = {}) =>
      screenshot(other ?? ready(page, 'page'), name, { fullPage: fullPage ?? false }),
  };
}

/** Records, from now on, every script a page loads (paths) and every error it reports (uncaught or console). */
export function recordPage(page: Page): { scripts: string[]; errors: string[] } {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { scripts, errors };
}
