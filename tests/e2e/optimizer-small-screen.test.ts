import { describe, expect, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 360, height: 800 } });

/**
 * /optimizer on a phone: the demo USD account's recommendations as compact cards (the evidence behind a
 * disclosure, opened from the keyboard), the ten most valuable first and the rest on request, no sideways
 * scroll. The page's height is printed, not asserted (it follows the seeded data and the fonts): it was
 * 14,666 px, all 30 cards with their evidence open, before the list was made compact.
 */
describe('optimizer at 360 px', () => {
  it('lists compact recommendations whose evidence opens from the keyboard, with no sideways scroll', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Phoebe Phone', { email: uniqueEmail('optimizer-360') });
    await ensureMetaConnected(page);

    await page.goto(`${web}/optimizer`);
    await page.getByRole('heading', { name: 'Optimizer', level: 1 }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });
    const list = page.getByRole('list', { name: 'Recommendations' });
    await list.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    const cards = list.getByRole('listitem');
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);

    // The ten most valuable first; the evidence of each behind its disclosure.
    expect(await cards.count()).toBe(10);
    const first = cards.first();
    const title = (await first.getByRole('heading').textContent())!;
    await first.getByRole('button', { name: `Why: the numbers: ${title}`, exact: true }).waitFor();
    // The same control is named "Hide the numbers: …" once open.
    const disclosure = first.locator('button[aria-controls]');
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    const evidence = page.locator(`[id="${await disclosure.getAttribute('aria-controls')}"]`);
    expect(await evidence.isVisible()).toBe(false);
    console.log(`/optimizer at 360 px: ${await height()} px tall with 10 recommendations shown`);
    await journey.screenshot('optimizer-360', { fullPage: true });
    expect(await sideways()).toBe(0);

    // From the keyboard: focus the disclosure, Enter opens the numbers, the same control closes them.
    await disclosure.focus();
    await page.keyboard.press('Enter');
    await evidence.waitFor({ state: 'visible' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
    await first.getByRole('button', { name: `Hide the numbers: ${title}`, exact: true }).waitFor();
    await journey.screenshot('optimizer-360-evidence');
    await page.keyboard.press('Enter');
    await evidence.waitFor({ state: 'hidden' });

    // The rest on request, still without sideways scroll.
    const more = page.getByRole('button', { name: /^Show \d+ more$/ });
    while (await more.isVisible()) await more.click();
    const total = await cards.count();
    expect(total).toBeGreaterThan(10);
    console.log(`/optimizer at 360 px: ${await height()} px tall with all ${total} recommendations shown`);
    expect(await sideways()).toBe(0);
  });
});
