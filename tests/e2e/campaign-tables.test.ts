import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { shownWithoutScrolling } from './support/layout';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1920, height: 1080 } });

/** The figures a marketer judges an ad by (issue 25, requirement 8): they must not hide behind a sideways scroll. */
const KEY_HEADERS = ['ROAS', 'CTR (link)', 'CPC (link)'];
const LEVELS = ['Campaigns', 'Ad sets', 'Ads'];

/**
 * Whether a column's header and its first row's cell are uncovered at both edges and the middle: the sticky
 * actions column, opaque, can sit over a figure that the table's own box still contains.
 */
function uncovered(header: Locator): Promise<boolean> {
  return header.evaluate((th) => {
    const cell = th.closest('table')!.tBodies[0]!.rows[0]!.cells[(th as HTMLTableCellElement).cellIndex]!;
    return [th, cell].every((el) => {
      const box = el.getBoundingClientRect();
      return [box.left + 2, box.left + box.width / 2, box.right - 2].every((x) => {
        const hit = document.elementFromPoint(x, box.top + box.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      });
    });
  });
}

async function showLevel(page: Page, level: string): Promise<void> {
  await page.getByRole('tab', { name: level, exact: true }).click();
  await page.getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 60_000 });
}

/** What of the key columns needs a sideways scroll (or sits under another column) at this width, per level. */
async function hiddenKeyColumns(page: Page): Promise<string[]> {
  const hidden: string[] = [];
  for (const level of LEVELS) {
    await showLevel(page, level);
    for (const name of KEY_HEADERS) {
      const header = page.getByRole('table').getByRole('columnheader', { name, exact: true });
      await header.waitFor();
      // Whatever a previous check scrolled, the table is looked at as it first shows.
      await page.evaluate(() => {
        window.scrollTo(0, 0);
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('*'))) el.scrollLeft = 0;
      });
      const box = await header.boundingBox();
      const inView = box !== null && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
      if (!inView || !(await shownWithoutScrolling(header)) || !(await uncovered(header))) {
        hidden.push(`${level}: ${name}`);
      }
    }
  }
  return hidden;
}

describe('campaign, ad set and ad tables (issue 25, requirement 8)', () => {
  it('shows ROAS, link CTR and link CPC without a sideways scroll at 1920 and 1280 px, on every level', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Tara Tables', { email: uniqueEmail('tables') });
    await ensureMetaConnected(page);
    await page.goto(`${web}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accountSelect.locator('option').nth(1).waitFor({ state: 'attached' });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });
    await page.getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 60_000 });

    expect(await hiddenKeyColumns(page)).toEqual([]);
    await showLevel(page, 'Campaigns');
    await journey.screenshot('campaign-tables-1920');

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await hiddenKeyColumns(page)).toEqual([]);
    await showLevel(page, 'Ads');
    await journey.screenshot('campaign-tables-ads-1280');
    await showLevel(page, 'Campaigns');
    await journey.screenshot('campaign-tables-1280');
  });

  it('keeps the chosen columns for this person, and breaks the figures down by age', async () => {
    const { page } = journey;
    const columns = page.getByRole('button', { name: /^Columns \(\d+\)$/ });
    await columns.click();
    await page.getByRole('checkbox', { name: 'Reach', exact: true }).check();
    // The chooser closes from its own button.
    await columns.click();
    await page.getByRole('table').getByRole('columnheader', { name: 'Reach', exact: true }).waitFor();
    // Wider than the screen now: the table says so, and the key figures still come first, in view.
    await page.getByText('More columns to the right: scroll the table sideways').waitFor();
    await page.getByRole('region', { name: 'Campaigns, scrolls sideways' }).waitFor();
    expect(await hiddenKeyColumns(page)).toEqual([]);
    await page.reload();
    await page
      .getByRole('table')
      .getByRole('columnheader', { name: 'Reach', exact: true })
      .waitFor({ timeout: 60_000 });

    await showLevel(page, 'Ad sets');
    await page.getByLabel('Breakdown').selectOption({ label: 'Age' });
    await page.getByRole('table').getByRole('columnheader', { name: 'Age', exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('table').getByRole('cell', { name: '25-34', exact: true }).first().waitFor();
    await journey.screenshot('campaign-tables-adsets-by-age-1280');
    await page.getByLabel('Breakdown').selectOption({ label: 'None' });
  });

  it('at 390 px shows each level as cards, with no sideways scroll of the page', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    for (const [level, list] of [
      ['Campaigns', 'Campaigns'],
      ['Ad sets', 'Ad set figures'],
      ['Ads', 'Ad figures'],
    ] as const) {
      await page.getByRole('tab', { name: level, exact: true }).click();
      await page
        .getByRole('list', { name: list, exact: true })
        .getByRole('listitem')
        .first()
        .waitFor({ timeout: 60_000 });
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await overflow(), `${level} at 390 px`).toBeLessThanOrEqual(0);
      await journey.screenshot(`campaign-tables-${level.toLowerCase().replace(' ', '-')}-390`, { fullPage: true });
    }
  });
});
