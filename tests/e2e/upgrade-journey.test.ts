import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { VERIFY_EMAIL_MODE } from '@shared/auth-links';
import { plans } from '@shared/plans';
import { launchBrowser } from '../support/chromium';
import { waitForAuthLink } from './support/mailbox';

const { web, mailbox, api } = inject('e2e');
const SCREENSHOTS = 'test-results';
const PASSWORD = 'Upgrade-ready-2026!';
const FREE_LIMIT = plans.free.limits.aiGenerationsPerDay;
const PRO_LIMIT = plans.pro.limits.aiGenerationsPerDay;

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function signUpAndSignIn(email: string): Promise<void> {
  await page.goto(`${web}/auth`);
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill('Uma Upgrader');
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

/** The signed-in browser's access token, as Amplify keeps it. */
function accessToken(): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) {
        return localStorage.getItem(key)!;
      }
    }
    throw new Error('no access token in localStorage');
  });
}

/** Uses up generations through the API (what the page would do, faster): the journey is about what comes after. */
async function generateThroughApi(token: string, times: number): Promise<void> {
  const url = `${api.replace(/\/api\/?$/, '')}/api/ai/ad-copy`;
  for (let i = 0; i < times; i += 1) {
    const reply = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'Ceramic mugs', audience: 'Remote workers', variants: 1 }),
    });
    expect(reply.status).toBe(200);
  }
}

async function fillBrief(): Promise<void> {
  await page.getByLabel('Product or service').fill('Handmade ceramic coffee mugs');
  await page.getByLabel('Target audience').fill('Remote workers who love slow mornings');
  await page.getByLabel('Number of variants').selectOption('1');
}

describe('upgrading from Free in a real browser', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = task.name.replace(/\W+/g, '-').slice(0, 60);
      await page?.screenshot({ path: `${SCREENSHOTS}/failed-${name}.png`, fullPage: true }).catch(() => undefined);
    }
  });

  it('a free user hits the generation limit, sees the upgrade prompt, upgrades from /pricing with 4242 and sees Pro', async () => {
    const email = `e2e-upgrade-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await signUpAndSignIn(email);
    await generateThroughApi(await accessToken(), FREE_LIMIT - 1);

    // One generation left, said where it matters.
    await page.goto(`${web}/ad-copy`);
    await page.getByText(`1 of ${FREE_LIMIT} AI generations left today`).waitFor();
    await fillBrief();
    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    await page.getByRole('group', { name: 'Variant 1' }).waitFor();
    await page.getByText(`0 of ${FREE_LIMIT} AI generations left today`).waitFor();

    // Over the limit: the upgrade prompt, not an error.
    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    const prompt = page.getByRole('alert').filter({ hasText: `You have used all ${FREE_LIMIT} AI generations` });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(`Pro allows ${PRO_LIMIT}`);
    expect(await page.getByText('The ad copy could not be written').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/upgrade-prompt.png`, fullPage: true });

    // /pricing knows the user: Free is marked current, Pro upgrades through Checkout.
    await prompt.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${web}/pricing`);
    const freeCard = page.getByRole('listitem', { name: 'Free' });
    await freeCard.getByText('Your plan', { exact: true }).waitFor();
    await freeCard.getByRole('button', { name: 'Your current plan' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/pricing-signed-in.png`, fullPage: true });
    await page.getByRole('listitem', { name: 'Pro' }).getByRole('button', { name: 'Upgrade to Pro' }).click();

    // The stand-in's hosted Checkout with Stripe's test card.
    await page.getByLabel('Card number').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Cardholder name').fill('Uma Upgrader');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    // Back on the dashboard: Pro, once Stripe's webhook lands, with Pro's allowance.
    await page.waitForURL(/\/dashboard\?checkout=success/);
    const billing = page.locator('#billing');
    await billing.getByText('Billed monthly').waitFor({ timeout: 30_000 });
    expect(await billing.getByText('Pro', { exact: true }).count()).toBe(1);
    const meter = billing.getByRole('meter', { name: /AI generations a day/ });
    await expect
      .poll(() => meter.getAttribute('aria-label'), { timeout: 20_000 })
      .toContain(`${PRO_LIMIT - FREE_LIMIT} of ${PRO_LIMIT} AI generations left today`);
    await page.screenshot({ path: `${SCREENSHOTS}/upgraded-to-pro.png`, fullPage: true });

    // And the generator works again.
    await page.goto(`${web}/ad-copy`);
    await page.getByText(`${PRO_LIMIT - FREE_LIMIT} of ${PRO_LIMIT} AI generations left today`).waitFor();
    await fillBrief();
    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    await page.getByText(`${PRO_LIMIT - FREE_LIMIT - 1} of ${PRO_LIMIT} AI generations left today`).waitFor();
  });
});
