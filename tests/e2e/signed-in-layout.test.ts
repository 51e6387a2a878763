import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { webPaths } from '@shared/web-paths';
import { appTools } from '@web/lib/app-tools';
import { disconnectMeta, ensureMetaConnected, signInAsDemo } from './support/accounts';
import { recordPage, useBrowserJourney } from './support/browser';
import { coveredByChatLauncher, shownWithoutScrolling } from './support/layout';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 } });
let connectedHere = false;

const pages = [
  webPaths.dashboard,
  ...appTools.map((tool) => tool.path).filter((path) => path !== webPaths.dashboard),
  '/settings/notifications',
  '/settings/errors',
  webPaths.settingsTeam,
];

/**
 * What a person would call broken: the page scrolling sideways, or text running out of the box it sits in
 * (a box that clips or scrolls on purpose, like `truncate` or a table's scroller, is fine).
 */
function overflowing(): Promise<string[]> {
  return journey.page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' || style.display === 'inline' || el.clientWidth === 0) continue;
      if (el.children.length > 0 || el.closest('svg')) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(
          `"${(el.textContent ?? '').trim().slice(0, 50)}" runs out of its box (${el.scrollWidth} > ${el.clientWidth} px)`,
        );
      }
    }
    // The header's links and buttons: a label broken over two lines reads as two ("Campaign generator").
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))) {
      if (el.getClientRects().length === 0 || !(el.textContent ?? '').trim()) continue;
      // Lines of its text: boxes of words that do not overlap vertically (a logo or an icon beside them is no line).
      const boxes: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        boxes.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0));
      }
      boxes.sort((a, b) => a.top - b.top);
      let lines = 0;
      let lineBottom = -Infinity;
      for (const box of boxes) {
        if (box.top >= lineBottom - 1) lines += 1;
        lineBottom = Math.max(lineBottom, box.bottom);
      }
      if (lines > 1) found.push(`the header's "${(el.textContent ?? '').trim()}" breaks over ${lines} lines`);
    }
    return found.slice(0, 10);
  });
}

/**
 * Opens each page as a person following the app's links does: the app routes in place (no reload: the app, its
 * session and its cached reads stay as they were), then the new page's heading shows and the network stays quiet
 * for half a second (Playwright's `networkidle`, which only a full navigation waits for).
 */
function inAppNavigation(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => ((inFlight += 1), (lastChange = Date.now()));
  const ended = () => ((inFlight = Math.max(0, inFlight - 1)), (lastChange = Date.now()));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async function open(path: string) {
    await page.evaluate((next) => {
      if (window.location.pathname === next) return;
      for (const heading of Array.from(document.querySelectorAll('h1'))) heading.dataset.left = '';
      window.history.pushState(null, '', next);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.locator('h1:not([data-left])').first().waitFor();
    const deadline = Date.now() + 30_000;
    while (inFlight > 0 || Date.now() - lastChange < 500) {
      if (Date.now() > deadline) throw new Error(`${path}: the network never went quiet (${inFlight} requests open)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

describe('every signed-in page, at desktop and phone widths', () => {
  afterAll(async () => {
    if (connectedHere) await disconnectMeta(journey.page);
  });

  it('shows each page without errors, sideways scrolling or text running out of its box', async () => {
    const { page } = journey;
    const { errors } = recordPage(page);
    // A 404 can be a screen's honest "nothing saved yet"; a server failure never is.
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
      else if (response.status() >= 400) console.log(`(${response.status()} ${response.url()})`);
    });
    await signInAsDemo(page);
    connectedHere = await ensureMetaConnected(page);
    const open = inAppNavigation(page);
    // Every page at both widths first, then one assertion: a failure lists everything that is broken.
    const problems: Record<string, string[]> = {};
    for (const width of [1280, 768, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      // A tablet's width shows the desktop header with the least room: one page is enough to see it.
      for (const path of width === 768 ? [webPaths.optimizer] : pages) {
        await open(path);
        await journey.screenshot(`signed-in${path.replace(/\//g, '-')}-${width}`, { fullPage: true });
        const found = await overflowing();
        // Scrolled to the end, nothing may stay under the chat launcher.
        const covered = await coveredByChatLauncher(page);
        if (covered.length > 0) found.push(`the chat launcher covers ${covered.map((c) => `"${c}"`).join(', ')}`);
        if (found.length > 0) problems[`${path} at ${width} px`] = found;
      }
    }
    // The Campaigns table at desktop width: each row's pause/resume and actions are in view without
    // scrolling the table sideways, however many metric columns there are.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${web}${webPaths.campaigns}`);
    const toggle = page.getByRole('button', { name: /^(Pause|Resume) / }).first();
    await toggle.waitFor();
    for (const control of [toggle, page.getByRole('button', { name: /^Details of / }).first()]) {
      if (!(await shownWithoutScrolling(control)))
        (problems[`${webPaths.campaigns} at 1280 px`] ??= []).push(
          `"${await control.getAttribute('aria-label')}" is off-screen until the table is scrolled`,
        );
    }
    expect(problems).toEqual({});
    expect(failures).toEqual([]);
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  }, 240_000);
});
