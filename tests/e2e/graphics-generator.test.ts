import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';

const { web } = inject('e2e');
const journey = useBrowserJourney({
  viewport: { width: 1440, height: 1000 },
  contextOptions: { acceptDownloads: true },
});

describe('graphics generator in a real browser', () => {
  it('picks a template, edits the headline, sees the four sizes redrawn and exports them as a ZIP', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Gina Graphics', { email: uniqueEmail('graphics') });

    await page.goto(`${web}/ads-graphics-generator`);
    await page.getByRole('heading', { name: 'Graphics generator', level: 1 }).waitFor();
    // The radio is visually hidden behind its thumbnail: a person clicks the card (its label).
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Offer badge' }) })
      .click();
    expect(await page.getByRole('radio', { name: 'Offer badge' }).isChecked()).toBe(true);

    const headline = page.getByRole('textbox', { name: 'Headline', exact: true });
    await headline.fill('Summer sale on trail shoes');
    // Each size is drawn by the same renderer the export uses; all four show the new headline.
    const previews = page.getByRole('figure');
    await expect.poll(() => previews.count(), { timeout: 30_000 }).toBe(4);
    await expect
      .poll(() => page.getByRole('img', { name: /Summer sale on trail shoes/ }).count(), { timeout: 60_000 })
      .toBe(4);
    await journey.screenshot('graphics-generator', { fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: /Export ZIP/ }).click(),
    ]);
    const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const names = Object.keys(entries).sort();
    expect(names).toHaveLength(4);
    expect(names.map((n) => n.replace(/^.*-(\d+x\d+)\.png$/, '$1'))).toEqual([
      '1080x1080',
      '1080x1350',
      '1080x1920',
      '1200x628',
    ]);
    // Real PNGs, not empty files.
    for (const bytes of Object.values(entries)) {
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(bytes.length).toBeGreaterThan(5_000);
    }
  });
});
