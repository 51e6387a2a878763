import { describe, expect, it } from 'vitest';
import { signInAsDemo } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ permissions: ['clipboard-read', 'clipboard-write'] });

const variant = (n: number) => journey.page.getByRole('group', { name: `Variant ${n}` });
const aiStatus = () => journey.page.getByRole('status', { name: 'AI connection status' });

describe('ad copy generator in a real browser', () => {
  it('generates copy on the offline model, edits it, saves it and reopens it from the history', async () => {
    const { page } = journey;
    await signInAsDemo(page);
    await page.getByRole('link', { name: /Ad copy generator/ }).click();
    await page.waitForURL(`${web}/ad-copy`);
    await expect.poll(() => aiStatus().textContent()).toContain('Connected');
    await page.getByText('Offline demo model').first().waitFor();

    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    await page.getByText('Describe the product or service.').waitFor();
    await page.getByText('Describe the target audience.').waitFor();

    await page.getByLabel('Product or service').fill('Handmade ceramic coffee mugs');
    await page.getByLabel('Target audience').fill('Remote workers who love slow mornings');
    await page.getByLabel('Campaign objective (optional)').selectOption('OUTCOME_SALES');
    await page.getByLabel('Number of variants').selectOption('3');
    await page.getByRole('button', { name: 'Generate ad copy' }).click();

    await variant(3).waitFor();
    expect(await page.getByRole('group', { name: /^Variant \d$/ }).count()).toBe(3);
    const firstHeadline = variant(1).getByLabel('Headline');
    expect(await firstHeadline.inputValue()).toMatch(/mugs|ceramic/i);
    expect(await variant(2).getByLabel('Primary text').inputValue()).toMatch(/remote workers/i);

    // Edit in place: a headline over Meta's 40 characters is flagged, so is wording Meta rejects.
    await firstHeadline.fill('Our mugs make every single slow morning feel special');
    await variant(1)
      .getByText(/over Meta’s recommended length/)
      .waitFor();
    await firstHeadline.fill('Mugs for slow mornings');
    expect(
      await variant(1)
        .getByText(/over Meta’s recommended length/)
        .count(),
    ).toBe(0);
    await variant(1).getByLabel('Primary text').fill('Are you overweight? Our mugs hold less sugar.');
    await variant(1).getByText('Meta may reject this wording').waitFor();
    await variant(1).getByLabel('Primary text').fill('Slow mornings deserve a mug made by hand.');
    await variant(1).getByLabel('Call to action').selectOption({ label: 'Shop now' });

    await variant(1).getByRole('button', { name: 'Copy Variant 1' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Headline: Mugs for slow mornings');

    await page.getByRole('button', { name: 'Save to history' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Open Handmade ceramic coffee mugs' }).waitFor();
    await journey.screenshot('ad-copy-generated', { fullPage: true });

    await page.reload();
    await page.getByRole('button', { name: 'Open Handmade ceramic coffee mugs' }).click();
    await variant(1).waitFor();
    expect(await variant(1).getByLabel('Headline').inputValue()).toBe('Mugs for slow mornings');
    expect(await variant(1).getByLabel('Primary text').inputValue()).toBe('Slow mornings deserve a mug made by hand.');
    expect(await page.getByLabel('Product or service').inputValue()).toBe('Handmade ceramic coffee mugs');
  });

  it('regenerates one variant and can cancel a generation', async () => {
    const { page } = journey;
    const before = await variant(2).getByLabel('Primary text').inputValue();
    await variant(2).getByRole('button', { name: 'Regenerate Variant 2' }).click();
    await expect.poll(() => variant(2).getByLabel('Primary text').inputValue()).not.toBe(before);
    expect(await variant(1).getByLabel('Headline').inputValue()).toBe('Mugs for slow mornings');

    // Cancel: hold the model's answer so the progress is visible, then cancel it.
    await page.route('**/api/ai/ad-copy', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    await page.getByRole('progressbar', { name: 'Generating ad copy' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Generation cancelled').waitFor();
    await page.unroute('**/api/ai/ad-copy');
  });

  it('sets an own key (generating straight from the browser) and clears it', async () => {
    const { page } = journey;
    const keyField = page.getByLabel('Your OpenAI API key (optional)');
    await keyField.fill('not-a-key');
    await page.getByRole('button', { name: 'Use my key' }).click();
    await page
      .getByText(/Invalid API key format/)
      .first()
      .waitFor();
    await expect.poll(() => aiStatus().textContent()).toContain('Error');

    await keyField.fill('sk-e2e-test-key-0123456789abcdef');
    await page.getByRole('button', { name: 'Use my key' }).click();
    await expect.poll(() => aiStatus().textContent()).toContain('Connected');
    await page.getByText('Your own OpenAI key', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('openai_api_key'))).toBe('sk-e2e-test-key-0123456789abcdef');

    const direct = page.waitForRequest(
      (r) =>
        r.url().endsWith('/v1/chat/completions') &&
        r.headers().authorization === 'Bearer sk-e2e-test-key-0123456789abcdef',
    );
    await page.getByLabel('Number of variants').selectOption('2');
    await page.getByLabel('Product or service').fill('Vegan protein bars');
    await page.getByLabel('Target audience').fill('gym beginners');
    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    await direct;
    await expect.poll(() => variant(1).getByLabel('Headline').inputValue()).toMatch(/protein bars/i);
    expect(await page.getByRole('group', { name: /^Variant \d$/ }).count()).toBe(2);
    await journey.screenshot('ad-copy-own-key', { fullPage: true });

    await page.getByRole('button', { name: 'Clear my key' }).click();
    await expect.poll(() => aiStatus().textContent()).toContain('Disconnected');
    expect(await page.evaluate(() => localStorage.getItem('openai_api_key'))).toBeNull();
  });
});
