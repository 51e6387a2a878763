import { describe, expect, it } from 'vitest';
import { internalTextFindings } from '@shared/publishable-text';
import { accessToken, ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web, meta } = e2e();

/** What the sandbox logged of the product's Graph calls (`/__admin/calls`, secrets left out). */
interface LoggedCall {
  seq: number;
  method: string;
  path: string;
  params: Record<string, string>;
  status: number;
}

async function metaCalls(): Promise<{ count: number; calls: LoggedCall[] }> {
  const reply = await fetch(`${meta}/__admin/calls`);
  return (await reply.json()) as { count: number; calls: LoggedCall[] };
}

/** The AI generations used today, as the usage route (the one every meter reads) reports them. */
async function generationsUsed(token: string): Promise<number> {
  const reply = await fetch(`${web}/api/billing/usage`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status).toBe(200);
  const usage = (await reply.json()) as { limits: { key: string; used: number }[] };
  return usage.limits.find((limit) => limit.key === 'aiGenerationsPerDay')!.used;
}

/**
 * Issue 25's "done when", as a marketer walks it at a desk and on a phone: a brief for "Women 25-45" gives three
 * different ads for women aged 25 to 45 and publishes them; reading the optimizer twice spends no AI generation;
 * rewriting an ad writes copy with none of the account's object names in it.
 */
describe.each([
  { width: 1440, height: 1000 },
  { width: 390, height: 844 },
])('from a brief to published ads at $width px', (viewport) => {
  const journey = useBrowserJourney({ viewport });
  const shot = (step: string) =>
    journey.screenshot(`brief-to-published-ads-${viewport.width}-${step}`, { fullPage: true });

  // ~65 s a viewport on a busy machine against the build; on Vite's dev server the first viewport also pays for
  // compiling each page on its first visit (120 s there under load), hence more than the project's default.
  it('publishes three distinct ads for women 25–45, reads the optimizer for free, rewrites without object names', async () => {
    const started = Date.now();
    const { page } = journey;
    await signUpAndSignIn(page, 'Wren Brief', { email: uniqueEmail(`brief-${viewport.width}`) });
    await ensureMetaConnected(page);
    const token = await accessToken(page);

    // The brief names its audience in the marketer's words; the form carries ages and gender from it.
    await page.goto(`${web}/campaign-generator`);
    await page.getByRole('heading', { name: 'Campaign generator', level: 1 }).waitFor();
    const accounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accounts.locator('option').nth(1).waitFor({ state: 'attached' });
    const usd = (await accounts.locator('option').allTextContents()).find((label) => label.includes('USD'))!;
    await accounts.selectOption({ label: usd });
    const product = `Merino trail tee ${Date.now().toString(36)}`;
    await page.getByLabel('What are you advertising?').fill(product);
    await page.getByLabel('Goal').selectOption({ label: 'Traffic' });
    await page.getByLabel('Landing page').fill('https://shop.example.com/merino-tee');
    await page.getByLabel(/^Budget \(/).fill('30');
    await page.getByLabel('Countries').fill('US');
    await page.getByLabel('Who is it for?').fill('Women 25-45 who hike at weekends');
    // Leaving the field fills the blank ages and gender from what it states.
    await page.getByLabel('Who is it for?').press('Tab');
    await expect.poll(() => page.getByLabel('Minimum age').inputValue()).toBe('25');
    await expect.poll(() => page.getByLabel('Maximum age').inputValue()).toBe('45');
    await expect.poll(() => page.getByLabel('Gender', { exact: true }).inputValue()).toBe('female');
    await shot('brief');
    await page.getByRole('button', { name: 'Generate campaign plan' }).click();

    // The plan: every ad set for women 25–45, and the first ad set's three ads say different things.
    await page.getByLabel('Campaign name').waitFor({ timeout: 60_000 });
    const setCount = await page.getByLabel(/^Ad set \d+ minimum age$/).count();
    expect(setCount).toBeGreaterThan(0);
    for (let set = 1; set <= setCount; set += 1) {
      expect(await page.getByLabel(`Ad set ${set} minimum age`, { exact: true }).inputValue()).toBe('25');
      expect(await page.getByLabel(`Ad set ${set} maximum age`, { exact: true }).inputValue()).toBe('45');
      expect(await page.getByLabel(`Ad set ${set} genders`, { exact: true }).inputValue()).toBe('female');
    }
    const adText = async (ad: string) =>
      [
        await page.getByLabel(`${ad} headline`, { exact: true }).inputValue(),
        await page.getByLabel(`${ad} primary text`, { exact: true }).inputValue(),
        await page.getByLabel(`${ad} description`, { exact: true }).inputValue(),
      ].join('\n');
    const texts = await Promise.all(['Ad 1.1', 'Ad 1.2', 'Ad 1.3'].map(adText));
    expect(new Set(texts).size).toBe(3);
    const headlines = await Promise.all(
      ['Ad 1.1', 'Ad 1.2', 'Ad 1.3'].map((ad) => page.getByLabel(`${ad} headline`, { exact: true }).inputValue()),
    );
    expect(new Set(headlines).size).toBe(3);
    await page.getByText('Ready to publish').waitFor();
    await shot('plan');

    // Publish; Meta receives ad sets for women (genders [2]) aged 25 to 45.
    const before = (await metaCalls()).count;
    await page.getByRole('button', { name: 'Publish to Meta' }).click();
    await page.getByText('Published, paused').waitFor({ timeout: 60_000 });
    await shot('published');
    const createdSets = (await metaCalls()).calls.filter(
      (call) =>
        call.seq > before && call.method === 'POST' && /\/act_\d+\/adsets$/.test(call.path) && call.status === 200,
    );
    expect(createdSets).toHaveLength(setCount);
    for (const call of createdSets) {
      const targeting = JSON.parse(call.params.targeting!) as {
        genders?: number[];
        age_min?: number;
        age_max?: number;
      };
      expect(targeting).toMatchObject({ genders: [2], age_min: 25, age_max: 45 });
    }

    // Reading the optimizer twice spends no AI generation: the usage route and the meter stay where they were.
    const used = await generationsUsed(token);
    for (let visit = 0; visit < 2; visit += 1) {
      await page.goto(`${web}/optimizer`);
      await page.getByRole('heading', { name: 'Optimizer', level: 1 }).waitFor();
      const optimizerAccounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
      await optimizerAccounts.locator('option').nth(1).waitFor({ state: 'attached' });
      const label = (await optimizerAccounts.locator('option').allTextContents()).find((o) => o.includes('USD'))!;
      await optimizerAccounts.selectOption({ label });
      await page
        .getByRole('list', { name: 'Recommendations' })
        .getByRole('listitem')
        .first()
        .waitFor({ timeout: 60_000 });
    }
    await shot('optimizer');
    expect(await generationsUsed(token)).toBe(used);
    await page.goto(`${web}/settings`);
    const meter = page.locator('#billing').getByRole('meter', { name: /AI generations a day/ });
    await expect.poll(() => meter.getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe(String(used));

    // Rewriting an ad whose ad set is named after Meta's audience setting: the copy carries no object name.
    await page.goto(`${web}/ad-optimizer`);
    await page.getByRole('heading', { name: 'Ad optimizer', level: 1 }).waitFor();
    const adAccounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await adAccounts.locator('option').nth(1).waitFor({ state: 'attached' });
    await adAccounts.selectOption({
      label: (await adAccounts.locator('option').allTextContents()).find((o) => o.includes('USD'))!,
    });
    const ads = page.getByRole('list', { name: 'Ads' });
    const card = ads.getByRole('group').filter({ hasText: 'Ad set: Advantage+ audience |' }).first();
    await card.waitFor({ timeout: 60_000 });
    const adName = (await card.getAttribute('aria-label'))!.replace(/^Ad /, '');
    const adSetName = (await card.getByText(/^Ad set: /).textContent())!.replace(/^Ad set: /, '');
    await card.getByRole('button', { name: `Rewrite and test: ${adName}`, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Rewrite and test “${adName}”` });
    const audience = drawer.getByRole('textbox', { name: 'Target audience', exact: true });
    await expect.poll(() => audience.inputValue()).not.toBe('');
    await drawer.getByRole('button', { name: 'Write new copy', exact: true }).click();
    await drawer.getByRole('radio', { name: /^Variant 1: / }).waitFor({ timeout: 60_000 });
    await shot('rewrite');
    const names = [
      { kind: 'ad set' as const, name: adSetName },
      { kind: 'ad' as const, name: adName },
    ];
    const written = [
      await audience.inputValue(),
      await drawer.getByRole('textbox', { name: 'Headline', exact: true }).inputValue(),
      await drawer.getByRole('textbox', { name: 'Primary text', exact: true }).inputValue(),
      ...(await drawer
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent ?? ''))),
    ];
    for (const text of written) {
      expect(internalTextFindings(text, { names }), text).toEqual([]);
      expect(text).not.toContain(adSetName);
    }
    console.log(`brief to published ads at ${viewport.width} px: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);
});
