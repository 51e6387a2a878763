import type { Locator, Page } from 'playwright-core';

/** The chat launcher's accessible name while its panel is closed. */
export const CHAT_LAUNCHER = 'Ask the Adsmith assistant';

/**
 * Scrolls to the end of the page and names whatever the chat launcher (fixed in the bottom-right corner)
 * covers there: links, buttons and fields, and any line of the footer. Scrolled to the end is where a
 * person has nowhere further to scroll to get a covered thing out from under it.
 */
export async function coveredByChatLauncher(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: CHAT_LAUNCHER, exact: true }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // One frame for the scroll to land.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return page.evaluate((launcherName) => {
    const launcher = document.querySelector(`button[aria-label="${launcherName}"]`)!.getBoundingClientRect();
    const candidates = document.querySelectorAll<HTMLElement>(
      'a, button, input, select, textarea, [role="button"], footer p, footer a',
    );
    const covered: string[] = [];
    for (const el of Array.from(candidates)) {
      if (el.getAttribute('aria-label') === launcherName) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const overlaps =
        box.right > launcher.left &&
        box.left < launcher.right &&
        box.bottom > launcher.top &&
        box.top < launcher.bottom;
      if (overlaps) covered.push((el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 60));
    }
    return covered;
  }, CHAT_LAUNCHER);
}

/**
 * Whether an element is wholly in view as the page first shows it: inside the window's width and inside
 * every scrolling box around it (a control that needs a sideways scroll of a table to reach is not).
 */
export function shownWithoutScrolling(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false;
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return false;
    }
    return true;
  });
}
