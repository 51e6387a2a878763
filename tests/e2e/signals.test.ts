import { describe, expect, inject, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';

const { web } = inject('e2e');
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 } });

const overflows = () =>
  journey.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('signals in a real browser', () => {
  it("reads the demo pixel's problems as ranked fixes, at 1440 and 390 px", async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Sam Signals', { email: uniqueEmail('signals') });
    await ensureMetaConnected(page);

    await page.goto(`${web}/signals`);
    await page.getByRole('heading', { name: 'Signals', level: 1 }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });

    const fixes = page.getByRole('list', { name: /^Fixes for / });
    await fixes.waitFor({ timeout: 60_000 });
    const titles = await fixes.getByRole('listitem').locator('p.font-medium').allTextContents();
    expect(titles[0]).toBe('Purchase may be counted twice');
    expect(titles).toContain('AddToCart stopped 4 days ago');
    await page.getByRole('table').getByRole('rowheader', { name: 'Purchase', exact: true }).waitFor();
    await journey.screenshot('signals', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    await journey.screenshot('signals-390', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);
  });
});
