import { describe, expect, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 } });

/** Whether the page is wider than its viewport (a card or row pushing past the screen). */
const overflows = () =>
  journey.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('ad optimizer in a real browser', () => {
  it('create an A/B copy of a fatigued ad', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Ada Optimizer', { email: uniqueEmail('ad-optimizer') });
    await ensureMetaConnected(page);

    await page.goto(`${web}/ad-optimizer`);
    await page.getByRole('heading', { name: 'Ad optimizer', level: 1 }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });

    // The fatigued ads show first, each with its creative, metrics, rankings, verdict and curve.
    const ads = page.getByRole('list', { name: 'Ads' });
    const first = ads.getByRole('group').first();
    await first.waitFor({ timeout: 60_000 });
    await first.getByText('Creative fatigue').waitFor();
    await first.getByText(/Link CTR by day over \d+ days/).waitFor();
    const name = (await first.getAttribute('aria-label'))!.replace(/^Ad /, '');
    await journey.screenshot('ad-optimizer', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);

    await first.getByRole('button', { name: `Rewrite and test: ${name}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Rewrite and test “${name}”` });
    await drawer.getByRole('textbox', { name: 'Target audience', exact: true }).fill('weekend hikers');
    await drawer.getByRole('button', { name: 'Write new copy', exact: true }).click();
    await drawer.getByRole('radio', { name: /^Variant 2: / }).click({ timeout: 60_000 });
    const headline = drawer.getByRole('textbox', { name: 'Headline', exact: true });
    const edited = `${(await headline.inputValue()).slice(0, 24)} today`;
    await headline.fill(edited);
    // The diff shows the current headline struck through and the edited one.
    const diff = drawer.getByRole('region', { name: 'Current and proposed copy' });
    await diff.locator('ins', { hasText: edited }).waitFor();
    await journey.screenshot('ad-optimizer-diff');
    await drawer.getByRole('button', { name: 'Approve: create a paused A/B copy', exact: true }).click();
    await drawer.getByText('A/B copy created, paused').waitFor({ timeout: 60_000 });
    await drawer.getByRole('button', { name: 'See the paused copy', exact: true }).click();

    // The copy: in the list of all ads, paused, with the new headline, in the same ad set.
    const copy = ads.getByRole('group', { name: `Ad ${name} — B`, exact: true });
    await copy.waitFor({ timeout: 60_000 });
    await copy.getByText('Paused', { exact: true }).waitFor();
    await copy.getByText(edited, { exact: true }).waitFor();
    await copy.getByText(`A/B copy of ${name}`).waitFor();
    await journey.screenshot('ad-optimizer-copy');

    await page.setViewportSize({ width: 360, height: 800 });
    await copy.scrollIntoViewIfNeeded();
    await journey.screenshot('ad-optimizer-360');
    // The charts follow the narrower screen once their resize observers fire.
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);

    // The optimizer's Applied tab lists the copy from the moment it is made, as an A/B row: made paused, not started.
    await page.goto(`${web}/optimizer/applied`);
    const appliedAccount = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await appliedAccount.selectOption({ label: options.find((o) => o.includes('USD'))! });
    const row = page
      .getByRole('list', { name: 'A/B tests' })
      .getByRole('listitem')
      .filter({ hasText: `A/B copy of “${name}”` });
    await row.getByText('Not started', { exact: true }).waitFor({ timeout: 60_000 });
    await row.getByText(/^Collecting data: each side needs 1,000 impressions/).waitFor();
    await journey.screenshot('optimizer-applied-ab-360', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);
  });
});
