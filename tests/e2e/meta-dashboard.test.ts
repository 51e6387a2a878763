import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { VERIFY_EMAIL_MODE } from '@shared/auth-links';
import { launchBrowser } from '../support/chromium';
import { waitForAuthLink } from './support/mailbox';

const { web, mailbox } = inject('e2e');
const SCREENSHOTS = 'test-results';
const PASSWORD = 'Campaign-ready-2025!';

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Signs a fresh marketer up, follows the emailed verification link and signs in: lands on /dashboard. */
async function signUpAndSignIn(name: string): Promise<void> {
  const email = `e2e-meta-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`${web}/auth`);
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

  const link = await waitForAuthLink(mailbox, email, VERIFY_EMAIL_MODE, web);
  await page.goto(link.toString());
  await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();

  await page.goto(`${web}/auth`);
  const emailField = page.getByLabel('Email');
  if ((await emailField.inputValue()) !== email) await emailField.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${web}/dashboard`);
}

async function openContext(): Promise<void> {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
}

describe('Meta dashboard and campaigns in a real browser', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = task.name.replace(/\W+/g, '-').slice(0, 60);
      await page?.screenshot({ path: `${SCREENSHOTS}/failed-${name}.png`, fullPage: true }).catch(() => undefined);
    }
    await context?.close();
  });

  it('connects Meta in a popup, shows figures and campaigns, pauses and resumes a campaign, disconnects', async () => {
    await openContext();

    await signUpAndSignIn('Morgan Marketer');

    // Not connected: a friendly card with the Connect button.
    const connect = page.getByRole('button', { name: 'Connect Meta' });
    await connect.waitFor();

    // Connect through the sandbox's consent dialog in a popup.
    const [popup] = await Promise.all([page.waitForEvent('popup'), connect.click()]);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close', { timeout: 20_000 });
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
    const top = page.getByRole('list', { name: 'Top campaigns by spend' });
    await top.getByRole('listitem').first().waitFor();
    expect(await top.getByRole('listitem').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS}/meta-dashboard.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/meta-dashboard-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Campaigns: the same account, a table with a pause/resume per campaign.
    await page.getByRole('link', { name: 'All campaigns' }).click();
    await page.waitForURL(`${web}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('combobox', { name: 'Ad account', exact: true }).inputValue()).toMatch(/^act_/);
    await page.screenshot({ path: `${SCREENSHOTS}/meta-campaigns.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/meta-campaigns-mobile.png`, fullPage: true });
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
    await page.screenshot({ path: `${SCREENSHOTS}/meta-campaign-detail.png` });
    await drawer.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Resume ${campaignName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resume campaign' }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    // Disconnect from the dashboard: the Connect button is back.
    await page.goto(`${web}/dashboard`);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disconnect Meta?' })
      .getByRole('button', { name: 'Disconnect Meta' })
      .click();
    await page.getByRole('button', { name: 'Connect Meta' }).waitFor();
    expect(await page.getByText('Demo Marketer').count()).toBe(0);
  });

  it('explains a cancelled consent, and connects by a full-page redirect when popups are blocked', async () => {
    await openContext();
    await signUpAndSignIn('Riley Redirect');

    // Cancelled at Meta: the popup closes and the dashboard says so.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Connect Meta' }).click(),
    ]);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/You cancelled the connection to Meta/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/meta-cancelled.png` });
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
