import { describe, expect, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 } });

describe('optimizer in a real browser', () => {
  it('shows recommendations, approves an edited budget shift through the diff drawer, sees it in /campaigns, then undoes it', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Olive Optimizer', { email: uniqueEmail('optimizer') });
    await ensureMetaConnected(page);

    await page.goto(`${web}/optimizer`);
    await page.getByRole('heading', { name: 'Optimizer', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Recommendations' }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });

    const list = page.getByRole('list', { name: 'Recommendations' });
    await list.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    const health = page.getByRole('region', { name: 'Account health' });
    await health.waitFor();
    await journey.screenshot('optimizer', { fullPage: true });
    // Analyse again reads Meta in the background: the figures stay, marked as updating, until the new read lands.
    await page.getByRole('button', { name: 'Analyse again' }).click();
    await health.getByText('Updating from Meta…').waitFor();
    await journey.screenshot('optimizer-updating');
    await health.getByText('Updating from Meta…').waitFor({ state: 'detached', timeout: 60_000 });

    // Only budget shifts: the filter narrows the list.
    await page.getByRole('combobox', { name: 'Kind', exact: true }).selectOption({ label: 'Budget shift' });
    const shift = list.getByRole('listitem').first();
    await shift.getByRole('heading', { name: /Move .* a day from/ }).waitFor();
    await shift.getByRole('button', { name: /^Review changes/ }).click();

    const drawer = page.getByRole('dialog', { name: 'Review and approve' });
    const items = drawer.getByRole('list', { name: 'Changes to approve' }).getByRole('listitem');
    expect(await items.count()).toBe(2);
    // Edit the budget of the ad set that gains.
    const gainer = drawer.getByRole('textbox', { name: /New daily budget for “Lookalike 1% \| app installs”/ });
    const gainerBefore = /^\$[\d,.]+ a day/.exec(
      (await drawer.getByLabel('Before and after for Lookalike 1% | app installs').textContent()) ?? '',
    )?.[0];
    expect(gainerBefore).toBeTruthy();
    await gainer.fill('75');
    await drawer.getByText('$75.00 a day').waitFor();
    await journey.screenshot('optimizer-approve-drawer');
    await drawer.getByRole('button', { name: 'Approve 2 changes' }).click();
    await drawer.waitFor({ state: 'detached' });

    // /campaigns shows it: the shift is between ad sets, so the campaign's drawer lists them with their budgets.
    const gainerBudget = async () => {
      await page.goto(`${web}/campaigns`);
      await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
      const select = page.getByRole('combobox', { name: 'Ad account', exact: true });
      const labels = await select.locator('option').allTextContents();
      await select.selectOption({ label: labels.find((o) => o.includes('USD'))! });
      await page
        .getByRole('button', { name: /^Details of US \| App installs/ })
        .first()
        .click({ timeout: 60_000 });
      const detail = page.getByRole('dialog', { name: /App installs/ });
      return detail
        .getByRole('list', { name: /^Ad sets of / })
        .getByRole('listitem', { name: 'Lookalike 1% | app installs', exact: true });
    };
    await (await gainerBudget()).getByText('$75.00 a day').waitFor({ timeout: 60_000 });
    await journey.screenshot('optimizer-shift-in-campaigns');
    await page.goto(`${web}/optimizer`);
    await list.getByRole('listitem').first().waitFor({ timeout: 60_000 });

    // Applied: shown as such, with an undo offered for 24 hours.
    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption({ label: 'Applied or undone' });
    const applied = list.getByRole('listitem').filter({ hasText: 'applied' }).first();
    await applied.getByRole('button', { name: /^Undo/ }).click();
    await list.getByRole('listitem').filter({ hasText: 'undone' }).first().waitFor();
    await journey.screenshot('optimizer-undone', { fullPage: true });
    // Undone: /campaigns shows the budget it had before.
    await (await gainerBudget()).getByText(gainerBefore!, { exact: true }).waitFor({ timeout: 60_000 });
    // The next journey starts from /optimizer's tabs.
    await page.goto(`${web}/optimizer`);
    await page.getByRole('tab', { name: 'Recommendations' }).waitFor();
  });

  it('lists the undone budget shift on the Applied tab with the detectors’ hit rates, at 1440 and 360 px', async () => {
    const { page } = journey;
    await page.getByRole('tab', { name: 'Applied' }).click();
    await page.waitForURL(/\/optimizer\/applied$/);
    const applied = page.getByRole('list', { name: 'Applied recommendations' });
    const shift = applied
      .getByRole('listitem')
      .filter({ hasText: /Move .* a day from/ })
      .first();
    await shift.waitFor({ timeout: 60_000 });
    await shift.getByText(/Undone on .*not measured/).waitFor();
    const table = page.getByRole('table', { name: 'Detector hit rates' });
    await table.getByRole('rowheader', { name: 'Budget shift', exact: true }).waitFor();
    expect(await table.getByText('Not enough history').count()).toBeGreaterThan(0);
    await journey.screenshot('optimizer-applied', { fullPage: true });

    await page.setViewportSize({ width: 360, height: 800 });
    await table.waitFor();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
    await journey.screenshot('optimizer-applied-360', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
