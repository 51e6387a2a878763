import { describe, expect, it } from 'vitest';
import { disconnectMeta, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { recordPage, useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
// Each test is a new marketer in a fresh browser context.
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 }, contextPer: 'test' });

describe('Meta dashboard and campaigns in a real browser', () => {
  it('connects Meta in a popup, shows figures and campaigns, pauses and resumes a campaign, disconnects', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Morgan Marketer', { email: uniqueEmail('meta') });

    // Not connected: a friendly card with the Connect button.
    const connect = page.getByRole('button', { name: 'Connect Meta' });
    await connect.waitFor();
    // Beside the taller account column the card sits right under the greeting, not pushed down by stretched rows.
    const greetingBottom = await page
      .getByRole('heading', { level: 1 })
      .evaluate((h) => h.parentElement!.getBoundingClientRect().bottom);
    const cardTitleTop = await page
      .getByRole('heading', { name: 'Meta ad account' })
      .evaluate((h) => h.getBoundingClientRect().top);
    expect(cardTitleTop - greetingBottom).toBeLessThan(120);

    // Connect through the sandbox's consent dialog in a popup.
    const [popup] = await Promise.all([page.waitForEvent('popup'), connect.click()]);
    const popupLog = recordPage(popup);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close', { timeout: 20_000 });
    // Meta's dialog loads cleanly (the sandbox answered the browser's favicon request with a Graph error).
    expect(popupLog.errors).toEqual([]);
    await page.getByText('Demo Marketer').waitFor();
    await page.getByRole('list', { name: 'Granted permissions' }).getByText('ads_read').waitFor();

    // Pick an ad account (the first, in dollars), then see the key figures and the top campaigns.
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accountSelect.locator('option').nth(1).waitFor({ state: 'attached' });
    const options = await accountSelect.locator('option').allTextContents();
    expect(options).toHaveLength(2);
    const usd = options.find((o) => o.includes('USD'));
    const jpy = options.find((o) => o.includes('JPY'));
    expect(usd && jpy).toBeTruthy();
    await accountSelect.selectOption({ label: jpy! });
    await page.getByRole('list', { name: 'Key figures' }).getByText(/¥/).first().waitFor();
    await accountSelect.selectOption({ label: usd! });
    const tiles = page.getByRole('list', { name: 'Key figures' });
    await tiles.getByRole('listitem', { name: 'Spend' }).getByText(/\$/).first().waitFor();
    for (const tile of ['Spend', 'Cost per result', 'ROAS', 'CTR']) {
      expect(await tiles.getByRole('listitem', { name: tile }).count()).toBe(1);
    }
    await page.getByRole('img', { name: /^Daily spend/ }).waitFor();
    // The plan card's meter counts both accounts just used, without a reload (each first read holds a place).
    await page
      .getByRole('meter', { name: /^Connected ad accounts: 0 of 2 ad accounts left/ })
      .waitFor({ timeout: 30_000 });
    const top = page.getByRole('list', { name: 'Top campaigns by spend' });
    await top.getByRole('listitem').first().waitFor();
    expect(await top.getByRole('listitem').count()).toBeGreaterThan(0);
    await journey.screenshot('meta-dashboard', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await journey.screenshot('meta-dashboard-mobile', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Campaigns: the same account, a table with a pause/resume per campaign.
    await page.getByRole('link', { name: 'All campaigns' }).click();
    await page.waitForURL(`${web}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('combobox', { name: 'Ad account', exact: true }).inputValue()).toMatch(/^act_/);
    await journey.screenshot('meta-campaigns', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await journey.screenshot('meta-campaigns-mobile', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A custom range: two labelled days in the account's time zone; the table follows.
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('Start date').waitFor();
    await page.getByLabel('End date').waitFor();
    await page.getByText(/ of \d+ campaigns/).waitFor();
    await page.getByLabel('Date range').selectOption('last_30d');
    await table.getByRole('row').nth(1).waitFor();

    const pauseButton = table.getByRole('button', { name: /^Pause / }).first();
    const campaignName = ((await pauseButton.getAttribute('aria-label')) ?? '').replace(/^Pause /, '');
    expect(campaignName).not.toBe('');
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: campaignName, exact: true }) });

    await pauseButton.click();
    const confirmPause = page.getByRole('alertdialog');
    await confirmPause.getByRole('button', { name: 'Pause campaign' }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Resume ${campaignName}` }).waitFor();

    // Details open in a drawer with the campaign's own daily chart.
    await row.getByRole('button', { name: `Details of ${campaignName}` }).click();
    const drawer = page.getByRole('dialog', { name: campaignName });
    await drawer.getByRole('img', { name: /^Daily spend/ }).waitFor();
    await journey.screenshot('meta-campaign-detail');
    await drawer.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Resume ${campaignName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resume campaign' }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    // A budget under Meta's minimum for the account is refused in the dialog, before anything is sent.
    await table
      .getByRole('button', { name: /^Edit budget of / })
      .first()
      .click();
    const budgetDialog = page.getByRole('dialog', { name: /^Edit budget of/ });
    await budgetDialog.getByText(/Meta’s minimum here: \$/).waitFor();
    await budgetDialog.getByRole('spinbutton').fill('0.50');
    await budgetDialog.getByRole('button', { name: 'Review change' }).click();
    await budgetDialog.getByText(/^The minimum (daily|lifetime) budget for this (ad account|schedule) is \$/).waitFor();
    expect(await budgetDialog.getByRole('button', { name: 'Confirm budget' }).count()).toBe(0);
    await journey.screenshot('meta-budget-minimum');
    await page.setViewportSize({ width: 360, height: 800 });
    await journey.screenshot('meta-budget-minimum-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    await budgetDialog.getByRole('button', { name: 'Cancel' }).click();

    // Disconnect from the dashboard: the Connect button is back.
    await disconnectMeta(page);
    expect(await page.getByText('Demo Marketer').count()).toBe(0);
  });

  it('explains a cancelled consent, and connects by a full-page redirect when popups are blocked', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Riley Redirect', { email: uniqueEmail('meta') });

    // Cancelled at Meta: the popup closes and the dashboard says so.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Connect Meta' }).click(),
    ]);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/You cancelled the connection to Meta/).waitFor();
    await journey.screenshot('meta-cancelled');
    await page.getByRole('button', { name: 'Connect Meta' }).waitFor();

    // A blocked popup (window.open gives null): Meta's dialog in this window, then back to /campaigns.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('link', { name: 'Campaigns', exact: true }).first().click();
    await page.waitForURL(`${web}/campaigns`);
    await page.getByRole('button', { name: 'Connect Meta' }).click();
    await page.waitForURL(/\/dialog\/oauth/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${web}/campaigns`);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    const record = await page.evaluate(() => sessionStorage.getItem('meta_auth_attempt'));
    expect(record).toBeNull();
  });
});
