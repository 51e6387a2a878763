import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleCsv } from '@shared/mmm/sample-csv';
import { InsightsSeriesSchema } from '@shared/schemas/meta';
import { metaMixCsv, recentMondays, weeklySpend } from '../support/meta-mix-dataset';
import { accessToken, ensureMetaConnected, signInAsDemo, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const FIXTURE = path.resolve(__dirname, '../fixtures/mmm/pymc_marketing_mmm_example.csv');
const journey = useBrowserJourney();

/** The account's daily spend through the site's origin (as the browser calls the API), in halves short enough for a direct read. */
async function dailySpend(
  token: string,
  accountId: string,
  weeks: string[],
): Promise<{ date: string; spend: number }[]> {
  const daily: { date: string; spend: number }[] = [];
  for (const half of [weeks.slice(0, 8), weeks.slice(8)]) {
    const until = new Date(`${half.at(-1)!}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 6);
    const reply = await fetch(
      `${web}/api/meta/ad-accounts/${accountId}/insights?since=${half[0]}&until=${until.toISOString().slice(0, 10)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(reply.status, await reply.clone().text()).toBe(200);
    daily.push(...InsightsSeriesSchema.parse(await reply.json()).data);
  }
  return daily;
}

describe('marketing mix in a real browser', () => {
  it('uploads the fixture CSV, maps its columns, fits with progress and shows every chart', async () => {
    const { page } = journey;
    await signInAsDemo(page);
    // Connected, so the report offers the hand-off (which refuses this example's model for the demo's account).
    await ensureMetaConnected(page);
    await page
      .getByRole('link', { name: /Marketing mix/ })
      .first()
      .click();
    await page.waitForURL(`${web}/marketing-mix`);

    // The upload step offers a sample file in the layout it expects; the browser saves it under its name.
    const sampleLink = page.getByRole('link', { name: 'Download a sample CSV' });
    const [sample] = await Promise.all([page.waitForEvent('download'), sampleLink.click()]);
    expect(sample.suggestedFilename()).toBe('adsmith-marketing-mix-sample.csv');
    expect(readFileSync(await sample.path(), 'utf8')).toBe(sampleCsv());
    await journey.screenshot('marketing-mix-upload-1440');
    await page.setViewportSize({ width: 360, height: 800 });
    await journey.screenshot('marketing-mix-upload-360');
    await page.setViewportSize({ width: 1440, height: 1000 });

    await page.getByLabel('CSV file').setInputFiles(FIXTURE);
    await page.getByText(/179 rows, 8 columns/).waitFor();
    await page.getByLabel('Dataset name').fill('PyMC example (e2e)');
    expect(await page.getByLabel('Date column').inputValue()).toBe('date_week');
    expect(await page.getByLabel('KPI column').inputValue()).toBe('y');
    const spend = page.getByRole('group', { name: /Spend columns/ });
    expect(await spend.getByLabel('x1').isChecked()).toBe(true);
    expect(await spend.getByLabel('x2').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Check and save dataset' }).click();
    await page.getByText(/Dataset saved/).waitFor();

    await page.getByLabel('Model name').fill('E2E quick model');
    await page.getByLabel('Search').selectOption('quick');
    await page.getByRole('button', { name: 'Fit model' }).click();
    await page.getByRole('progressbar', { name: 'Fitting E2E quick model' }).waitFor();
    await page.getByRole('figure', { name: 'Fit vs actual' }).waitFor({ timeout: 120_000 });
    for (const chart of [
      'Decomposition',
      'Response curves',
      'ROI per channel',
      'Budget allocation: current vs recommended',
    ])
      await page.getByRole('figure', { name: chart }).waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(5);
    await journey.screenshot('marketing-mix-report', { fullPage: true });

    // A model of another business (this example's x1) is not applied to the demo's account: refused with the figures.
    await page.getByRole('combobox', { name: 'Meta channel', exact: true }).selectOption('x1');
    await page.getByRole('button', { name: 'Send Meta budget to the optimizer' }).click();
    await page
      .getByText(/“x1” is not the spend of ad account act_\d+|none of this model's periods/)
      .waitFor({ timeout: 60_000 });
    await journey.screenshot('marketing-mix-handoff-refused');

    // The saved model opens as its report page, with the downloads.
    await page.getByRole('link', { name: 'Open the report page' }).click();
    await page.getByRole('heading', { name: 'E2E quick model' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download model (JSON)' }).click();
    expect((await download).suggestedFilename()).toBe('e2e-quick-model-model.json');

    // Share: a signed link opens the report read-only for someone signed out, until the owner revokes it.
    await page.getByRole('button', { name: 'Create share link' }).click();
    const links = page.getByRole('list', { name: 'Share links', exact: true });
    const link = links.getByRole('textbox').first();
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${web}/marketing-mix/shared/`));

    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const shared = await visitor.newPage();
      const opened = shared.waitForResponse((reply) => reply.url().includes('/api/mmm/shared/'), { timeout: 90_000 });
      await shared.goto(url);
      const reply = await opened;
      expect(reply.status(), await reply.text()).toBe(200);
      await shared.getByRole('heading', { name: 'E2E quick model', level: 1 }).waitFor();
      await shared.getByText('Shared marketing-mix report · read-only').waitFor();
      for (const chart of ['Fit vs actual', 'Decomposition', 'Response curves', 'ROI per channel'])
        await shared.getByRole('figure', { name: chart }).waitFor();
      expect(await shared.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(4);
      // Read-only: nothing of the owner's account, no share or delete controls, no sign-out.
      expect(await shared.getByRole('button', { name: /Create share link|Revoke|Delete|Sign out/ }).count()).toBe(0);
      await journey.screenshot('marketing-mix-shared-1280', { page: shared, fullPage: true });
      await shared.setViewportSize({ width: 360, height: 800 });
      await shared.getByRole('figure', { name: 'Fit vs actual' }).waitFor();
      expect(await shared.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await journey.screenshot('marketing-mix-shared-360', { page: shared, fullPage: true });

      await links
        .getByRole('button', { name: /^Revoke the link/ })
        .first()
        .click();
      await page.getByText('No live links. Links you create appear here.').waitFor();
      await shared.reload();
      await shared.getByText('This link does not open a report').waitFor({ timeout: 30_000 });
      await shared.getByText(/not valid any more: it expired, was revoked/).waitFor();
    } finally {
      // Where the visitor's page ended, whatever happened.
      for (const open of visitor.pages())
        await journey.screenshot('marketing-mix-shared-last', { page: open, fullPage: true });
      await visitor.close();
    }
  }, 300_000);

  it('lists the file’s problems and saves nothing when rows are invalid', async () => {
    const { page } = journey;
    await page.goto(`${web}/marketing-mix`);
    // Twelve weeks; line 6 has a negative spend and line 8 an impossible date.
    const week = (i: number) => new Date(Date.UTC(2024, 0, 1 + 7 * i)).toISOString().slice(0, 10);
    const rows = Array.from({ length: 12 }, (_, i) =>
      i === 4 ? `${week(i)},100,-5` : i === 6 ? '2024-13-01,100,10' : `${week(i)},100,10`,
    );
    const broken = ['date,revenue,tv_spend', ...rows].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
    await page.getByRole('button', { name: 'Check and save dataset' }).click();
    const problems = page.getByRole('list', { name: 'Problems in the file' });
    await problems.waitFor();
    expect(await problems.textContent()).toMatch(/cannot be negative/);
    expect(await problems.textContent()).toMatch(/not a date/);
    await page
      .getByRole('form', { name: 'Upload a dataset' })
      .getByText(/Nothing was saved/)
      .waitFor();
    const datasets = await page.getByLabel('Dataset', { exact: true }).locator('option').allTextContents();
    expect(datasets.some((name) => name.startsWith('broken'))).toBe(false);
  });

  it('hands the Meta channel’s allocation and a week plan’s first week to the optimizer, where their budgets wait for approval', async () => {
    const { page } = journey;
    // A marketer of its own (the free plan's one fit a month is this journey's): the demo user signs out first.
    await page.goto(web);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signUpAndSignIn(page, 'Mia Mix', { email: uniqueEmail('mmm-handoff') });
    await ensureMetaConnected(page);
    // A file of this marketer's own business: revenue driven by the yen account's real weekly Meta spend, which the
    // upload adds as a channel ("Use my Meta spend"), so the model's Meta channel is this account.
    const token = await accessToken(page);
    const accounts = (
      (await (
        await fetch(`${web}/api/meta/ad-accounts`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        data: { id: string; currency: string }[];
      }
    ).data;
    const yen = accounts.find((a) => a.currency === 'JPY')!;
    const weeks = recentMondays();
    const csv = metaMixCsv(weeks, weeklySpend(weeks, await dailySpend(token, yen.id, weeks)));
    await page.goto(`${web}/marketing-mix`);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'meta-mix.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText(new RegExp(`${weeks.length} rows, 3 columns`)).waitFor();
    await page.getByLabel('Use my Meta spend as one more channel').check();
    const metaAccount = page.getByRole('combobox', { name: 'Meta ad account' });
    await metaAccount.waitFor();
    await metaAccount.selectOption(yen.id);
    await page.getByLabel('Meta channel name').fill('meta');
    await page.getByLabel('Dataset name').fill('Meta mix (e2e)');
    await page.getByRole('button', { name: 'Check and save dataset' }).click();
    await page.getByText(/Dataset saved/).waitFor();
    // The fit form appears once the datasets list is read again (slow on a loaded machine).
    await page.getByLabel('Model name').waitFor({ timeout: 90_000 });
    await page.getByLabel('Model name').fill('E2E hand-off model');
    await page.getByLabel('Search').selectOption('quick');
    await page.getByRole('button', { name: 'Fit model' }).click();
    await page.getByRole('figure', { name: 'Fit vs actual' }).waitFor({ timeout: 120_000 });

    // The channel read from Meta is this model's Meta channel; the proposal is for the yen account that spent it.
    await page.getByRole('combobox', { name: 'Meta channel', exact: true }).selectOption('meta');
    const account = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await account.locator('option').allTextContents();
    await account.selectOption({ label: options.find((o) => o.includes('JPY'))! });
    await page.getByRole('button', { name: 'Send Meta budget to the optimizer' }).click();
    await page.getByText('Waiting for your approval in the optimizer').waitFor({ timeout: 60_000 });
    await journey.screenshot('marketing-mix-handoff');

    // Week by week: the report page plans the coming weeks and hands the first week's Meta spend off too.
    await page.getByRole('link', { name: 'Open the report page' }).click();
    await page.getByRole('heading', { name: 'E2E hand-off model' }).waitFor();
    await page.getByRole('button', { name: 'Plan the weeks' }).click();
    await page.getByRole('table', { name: 'Plan per week' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('combobox', { name: 'Week plan’s Meta channel' }).inputValue()).toBe('meta');
    const weekAccount = page.getByRole('combobox', { name: 'Week plan’s ad account' });
    await weekAccount.selectOption({ label: options.find((o) => o.includes('JPY'))! });
    await page.getByRole('button', { name: 'Hand the Meta part to the optimizer' }).click();
    await page.getByText(/^Week of \d{4}-\d{2}-\d{2} waiting for your approval/).waitFor({ timeout: 60_000 });
    await journey.screenshot('marketing-mix-week-plan-handoff', { fullPage: true });

    await page.getByRole('link', { name: 'Review the week in the optimizer' }).click();
    await page.waitForURL(`${web}/optimizer`);
    const recommendations = page.getByRole('list', { name: 'Recommendations' }).getByRole('listitem');
    await recommendations
      .getByRole('heading', { name: /^Week of \d{4}-\d{2}-\d{2}: (raise|lower) Meta to ¥[\d,]+ a day/ })
      .waitFor({ timeout: 60_000 });
    const handed = recommendations.filter({ hasText: 'as the marketing-mix model' }).first();
    await handed.getByRole('heading', { name: /Meta to ¥[\d,]+ a day/ }).waitFor({ timeout: 60_000 });
    await handed.getByRole('button', { name: /^Review changes/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Review and approve' });
    const items = drawer.getByRole('list', { name: 'Changes to approve' }).getByRole('listitem');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThan(0);
    expect(await drawer.textContent()).toMatch(/¥[\d,]+ a day/);
    await journey.screenshot('optimizer-mmm-handoff-drawer');
    // Nothing reaches Meta from here: cancelling leaves the proposal waiting.
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'detached' });
    await handed.getByRole('button', { name: /^Review changes/ }).waitFor();
  }, 300_000);
});
