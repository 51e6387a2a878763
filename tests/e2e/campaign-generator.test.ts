import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { disconnectMeta, ensureMetaConnected, signInAsDemo } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney();
/** The journey connects Meta when the demo user is not connected, and then leaves it as it found it. */
let connectedHere = false;

/** A 1200×628 PNG (a link ad's size) with a warm gradient, so a blank preview would show. */
function heroPng(): Buffer {
  const width = 1200;
  const height = 628;
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set([200, 80 + Math.round((x / width) * 120), 40], (y * width + x) * 3);
  }
  return encodePng(width, height, pixels);
}

describe('campaign generator in a real browser', () => {
  afterAll(async () => {
    if (connectedHere) await disconnectMeta(journey.page);
  });

  it('writes a brief, edits a budget and an interest, previews, publishes, and finds it paused in Campaigns', async () => {
    const { page } = journey;
    await signInAsDemo(page);
    connectedHere = await ensureMetaConnected(page);
    await page.goto(`${web}/campaign-generator`);
    await page.getByRole('heading', { name: 'Campaign generator', level: 1 }).waitFor();

    // The brief: clear messages first, then a complete one.
    const accounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accounts.locator('option').nth(1).waitFor({ state: 'attached' });
    const usd = (await accounts.locator('option').allTextContents()).find((label) => label.includes('USD'))!;
    await accounts.selectOption({ label: usd });
    await page.getByRole('button', { name: 'Generate campaign plan' }).click();
    await page.getByText('Say what you are advertising (at least 3 characters).').waitFor();
    await page.getByText('Enter a full web address starting with https://').waitFor();

    const name = `Trail shoes ${Date.now().toString(36)}`;
    await page.getByLabel('What are you advertising?').fill(name);
    await page.getByLabel('Goal').selectOption({ label: 'Traffic' });
    await page.getByLabel('Landing page').fill('https://shop.example.com/trail');
    await page.getByLabel(/^Budget \(/).fill('40');
    await page.getByLabel('Countries').fill('US, CA');
    await page.getByLabel('Who is it for?').fill('Hiking and camping fans who run trails at weekends');
    // An own image: checked in the browser, uploaded through the graphics upload, sent to the ad account's library.
    await page
      .getByLabel('Upload your own images', { exact: true })
      .setInputFiles({ name: 'trail-hero.png', mimeType: 'image/png', buffer: heroPng() });
    const chosen = page.getByRole('list', { name: 'Chosen images', exact: true });
    await chosen.getByRole('img', { name: 'trail-hero.png', exact: true }).waitFor({ timeout: 60_000 });
    await journey.screenshot('campaign-generator-brief-images', { fullPage: true });
    await page.getByRole('button', { name: 'Generate campaign plan' }).click();

    // The plan: every field editable, validated live.
    const campaignName = page.getByLabel('Campaign name');
    await campaignName.waitFor();
    await campaignName.fill(name);
    const budget = page.getByLabel('Daily budget (USD)');
    await budget.fill('0.5');
    await page.getByText('The minimum daily budget for this ad account is 1.00 USD.').first().waitFor();
    expect(await page.getByRole('button', { name: 'Publish to Meta' }).isDisabled()).toBe(true);
    await budget.fill('75');

    // Interests: remove what Meta does not know, add one from targeting search.
    const interests = page.getByRole('list', { name: 'Ad set 1 interests: chosen' });
    while ((await interests.getByRole('button', { name: /^Remove interest/ }).count()) > 0) {
      await interests
        .getByRole('button', { name: /^Remove interest/ })
        .first()
        .click();
    }
    await page.getByLabel('Ad set 1 interests', { exact: true }).fill('trail');
    await page.getByRole('button', { name: /^Add Trail running/ }).click();
    await interests.getByText('Trail running').waitFor();
    for (const list of await page.getByRole('list', { name: /^Ad set [23] interests: chosen$/ }).all()) {
      while ((await list.getByRole('button', { name: /^Remove interest/ }).count()) > 0) {
        await list
          .getByRole('button', { name: /^Remove interest/ })
          .first()
          .click();
      }
    }
    await page.getByTestId('audience-size').first().waitFor();
    expect(await page.getByTestId('audience-size').first().textContent()).toMatch(/people$/);
    await page.getByText('Ready to publish').waitFor();

    // Previews as Meta renders them: feed and story.
    await page.getByRole('button', { name: 'Preview Ad 1.1' }).click();
    const feed = page.frameLocator('iframe[title="Preview: Facebook feed"]');
    await feed.getByText('Sponsored').waitFor();
    const story = page.frameLocator('iframe[title="Preview: Instagram story"]');
    await story.getByText('Sponsored').waitFor();
    // Not blank: each frame draws the ad's own image (decoded, with pixels), as Meta renders it.
    for (const frame of [feed, story]) {
      const image = frame.getByRole('img', { name: 'Ad image', exact: true });
      await image.waitFor();
      await expect
        .poll(() => image.evaluate((node) => (node instanceof HTMLImageElement ? node.naturalWidth : 0)), {
          timeout: 20_000,
        })
        .toBe(1200);
    }
    await journey.screenshot('campaign-generator-plan', { fullPage: true });
    // A full-page capture leaves Meta's cross-origin frames empty: the previews are looked at in the viewport.
    await page.locator('iframe[title="Preview: Instagram story"]').scrollIntoViewIfNeeded();
    await journey.screenshot('campaign-generator-previews');

    // Publish: step by step, then a link to the campaign.
    await page.getByRole('button', { name: 'Publish to Meta' }).click();
    await page.getByText('Published, paused').waitFor({ timeout: 60_000 });
    await page.getByText(/^Campaign ".*": created$/).waitFor();
    await journey.screenshot('campaign-generator-published', { fullPage: true });
    await page.getByRole('link', { name: 'Open it in Campaigns' }).click();
    await page.waitForURL(/\/campaigns/);
    // The account chosen last (the USD one) stays selected.
    await page.getByLabel('Search campaigns').fill(name);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Resume ${name}` }).waitFor();

    // The draft is kept and can be reopened.
    await page.goto(`${web}/campaign-generator`);
    await page.getByRole('region', { name: 'Saved drafts' }).getByText(name).click();
    await page.getByText('Published, paused').waitFor();
  });
});
