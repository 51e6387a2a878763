import { describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { accessToken, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const FREE_LIMIT = plans.free.limits.aiGenerationsPerDay;
const PRO_LIMIT = plans.pro.limits.aiGenerationsPerDay;
const journey = useBrowserJourney();

/**
 * Uses up generations through the API (what the page would do, faster): the journey is about what comes after.
 * Through the site's origin, as the browser calls it: the API itself answers only requests that came that way.
 */
async function generateThroughApi(token: string, times: number): Promise<void> {
  const url = `${web}/api/ai/ad-copy`;
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
  const { page } = journey;
  await page.getByLabel('Product or service').fill('Handmade ceramic coffee mugs');
  await page.getByLabel('Target audience').fill('Remote workers who love slow mornings');
  await page.getByLabel('Number of variants').selectOption('1');
}

describe('upgrading from Free in a real browser', () => {
  it('a free user hits the generation limit, sees the upgrade prompt, upgrades from /pricing with 4242 and sees Pro', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Uma Upgrader', { email: uniqueEmail('upgrade') });
    await generateThroughApi(await accessToken(page), FREE_LIMIT - 1);

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
    await journey.screenshot('upgrade-prompt', { fullPage: true });

    // The assistant's answers are AI generations too: the widget offers the same way up, not an error.
    await page.getByRole('button', { name: 'Ask the Adsmith assistant' }).click();
    const chat = page.getByRole('dialog', { name: 'Adsmith assistant' });
    await chat.getByRole('textbox', { name: 'Your question' }).fill('How should I set my daily budget?');
    await page.keyboard.press('Enter');
    await chat.getByRole('alert').getByRole('link', { name: 'Upgrade to Pro' }).waitFor();
    await journey.screenshot('chat-upgrade-prompt');
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'hidden' });

    // /pricing knows the user: Free is marked current, Pro upgrades through Checkout.
    await prompt.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${web}/pricing`);
    const freeCard = page.getByRole('listitem', { name: 'Free' });
    await freeCard.getByText('Your plan', { exact: true }).waitFor();
    await freeCard.getByRole('button', { name: 'Your current plan' }).waitFor();
    await journey.screenshot('pricing-signed-in', { fullPage: true });
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
    await journey.screenshot('upgraded-to-pro', { fullPage: true });

    // And the generator works again.
    await page.goto(`${web}/ad-copy`);
    await page.getByText(`${PRO_LIMIT - FREE_LIMIT} of ${PRO_LIMIT} AI generations left today`).waitFor();
    await fillBrief();
    await page.getByRole('button', { name: 'Generate ad copy' }).click();
    await page.getByText(`${PRO_LIMIT - FREE_LIMIT - 1} of ${PRO_LIMIT} AI generations left today`).waitFor();
  });
});
