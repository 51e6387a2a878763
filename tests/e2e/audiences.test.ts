import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';

const { web } = inject('e2e');
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 } });
const DEMO_CSV = path.join(__dirname, '../fixtures/customers/demo-customers.csv');

const overflows = () =>
  journey.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('audiences in a real browser', () => {
  it('accepts Meta’s terms, uploads the demo customer list and makes a 1 % lookalike of it', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Ada Audiences', { email: uniqueEmail('audiences') });
    await ensureMetaConnected(page);

    await page.goto(`${web}/audiences`);
    await page.getByRole('heading', { name: 'Audiences', level: 1 }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });

    // The account has not accepted the Custom Audience terms: the screen says so and links to Meta's page.
    const terms = page.getByRole('link', { name: 'Read and accept the terms on Meta' });
    await terms.waitFor({ timeout: 60_000 });
    const termsUrl = await terms.getAttribute('href');
    const termsPage = await page.context().newPage();
    await termsPage.goto(termsUrl!);
    await termsPage.getByRole('button', { name: 'Accept' }).click();
    await termsPage.getByText('You accepted the Custom Audience terms').waitFor();
    await termsPage.close();

    await page.getByLabel('Customer file (CSV)').setInputFiles(DEMO_CSV);
    await expect.poll(() => page.getByRole('combobox', { name: 'Email', exact: true }).inputValue()).toBe('em');
    await page.getByRole('button', { name: 'Upload customer list' }).click();
    await page.getByText('“demo-customers” was made').waitFor({ timeout: 60_000 });
    const table = page.getByRole('table', { name: 'Audiences in this ad account' });
    await table.getByRole('rowheader', { name: 'demo-customers', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Make lookalike' }).click();
    await table.getByRole('rowheader', { name: 'demo-customers – lookalike (US, 1 %)' }).waitFor({ timeout: 60_000 });
    await journey.screenshot('audiences', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);
  });
});
