import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { signInAsDemo } from './support/accounts';
import { useBrowserJourney } from './support/browser';

const { web } = inject('e2e');
const FIXTURE = path.resolve(__dirname, '../fixtures/mmm/pymc_marketing_mmm_example.csv');
const journey = useBrowserJourney();

describe('marketing mix in a real browser', () => {
  it('uploads the fixture CSV, maps its columns, fits with progress and shows every chart', async () => {
    const { page } = journey;
    await signInAsDemo(page);
    await page
      .getByRole('link', { name: /Marketing mix/ })
      .first()
      .click();
    await page.waitForURL(`${web}/marketing-mix`);

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
      'Budget allocation: current vs optimal',
    ])
      await page.getByRole('figure', { name: chart }).waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(5);
    await journey.screenshot('marketing-mix-report', { fullPage: true });

    // The saved model opens as its report page, with the downloads.
    await page.getByRole('link', { name: 'Open the report page' }).click();
    await page.getByRole('heading', { name: 'E2E quick model' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download model (JSON)' }).click();
    expect((await download).suggestedFilename()).toBe('e2e-quick-model-model.json');
  }, 240_000);

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
});
