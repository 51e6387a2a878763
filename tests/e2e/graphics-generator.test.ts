import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({
  viewport: { width: 1440, height: 1000 },
  contextOptions: { acceptDownloads: true },
  // Each journey signs up its own user.
  contextPer: 'test',
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

  it('sets a brand colour and logo, saves the design, reopens it after a reload, and uses it in a campaign', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Brenda Brand', { email: uniqueEmail('graphics-brand') });
    await page.goto(`${web}/dashboard`);
    await ensureMetaConnected(page);

    await page.goto(`${web}/ads-graphics-generator`);
    await page.getByRole('heading', { name: 'Graphics generator', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Brand kit', exact: true }).click();
    await page.getByLabel('Brand colour 1', { exact: true }).fill('#1d4ed8');
    // A real PNG logo through the presigned upload: 200×100, orange.
    const pixels = new Uint8Array(200 * 100 * 3);
    for (let i = 0; i < pixels.length; i += 3) pixels.set([249, 115, 22], i);
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'brand-logo.png',
      mimeType: 'image/png',
      buffer: encodePng(200, 100, pixels),
    });
    await page.getByRole('img', { name: 'Your logo' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save brand kit', exact: true }).click();
    await page.getByText('Brand kit saved and applied to the design.').waitFor({ timeout: 30_000 });

    // The brand colour is the design's background in every size.
    await page.getByRole('tab', { name: 'Design', exact: true }).click();
    await expect.poll(() => page.getByLabel('Background colour', { exact: true }).inputValue()).toBe('#1d4ed8');
    await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Brand new trail shoes');
    await expect
      .poll(() => page.getByRole('img', { name: /Brand new trail shoes/ }).count(), { timeout: 60_000 })
      .toBe(4);

    await page.getByRole('textbox', { name: 'Design name', exact: true }).fill('Trail launch');
    await page.getByRole('button', { name: 'Save design', exact: true }).click();
    await page.getByText('Saved “Trail launch” (version 1).').waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('design')).toMatch(/^[0-9a-f-]{36}$/);
    // Looked at on a laptop and on a phone: nothing wider than the screen.
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await journey.screenshot(`graphics-generator-branded-${width}`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1440, height: 1000 });

    await page.reload();
    await page.getByText('Editing “Trail launch”, version 1.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Headline', exact: true }).inputValue()).toBe(
      'Brand new trail shoes',
    );
    expect(await page.getByLabel('Background colour', { exact: true }).inputValue()).toBe('#1d4ed8');

    // Use in a campaign: the four sizes go to the sandbox ad account; the generator opens with their hashes.
    await page.getByLabel('Ad account', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send and open the generator', exact: true }).click();
    await page.waitForURL(/\/campaign-generator\?/, { timeout: 120_000 });
    const link = new URL(page.url());
    expect(link.searchParams.get('adAccountId')).toMatch(/^act_\d+$/);
    expect(link.searchParams.get('imageHashes')!.split(',')).toHaveLength(4);
    // The generator's brief offers them, chosen.
    await expect
      .poll(() => page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem').count(), {
        timeout: 30_000,
      })
      .toBe(4);

    // The export made on the way is listed under Saved, and can be deleted once confirmed.
    await page.goBack();
    await page.getByRole('tab', { name: 'Saved', exact: true }).click();
    const exports = page.getByRole('list', { name: 'Past exports', exact: true });
    await expect.poll(() => exports.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
    const zipName = 'adsmith-trail-launch-v1.zip';
    await page.getByRole('link', { name: `Download ${zipName}`, exact: true }).waitFor();
    await page.setViewportSize({ width: 360, height: 900 });
    await journey.screenshot('graphics-generator-past-exports-360', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1440, height: 1000 });
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: `Delete export ${zipName}`, exact: true }).click();
    await page.getByText('No exports yet: export a saved design to keep its ZIP here.').waitFor({ timeout: 30_000 });
    expect(dialogs).toEqual([
      `Delete the export “${zipName}” and its 4 images? This cannot be undone. Images already sent to an ad account stay there.`,
    ]);
  });
});
