import { readdir, readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AudienceList } from '@shared/schemas/audiences';
import { LOCAL_META_APP } from '@infra/twin/secrets/local-secret-values';
import { consent } from '../support/meta-consent';
import { accessToken, ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web, meta, dynamodb, region, stateDir } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 } });
const DEMO_CSV = path.join(__dirname, '../fixtures/customers/demo-customers.csv');
const DEMO_LINES = readFileSync(DEMO_CSV, 'utf8').trim().split('\n');

/** The file's emails and phones as written and as normalised (lower-cased email, phone digits). */
const CLEAR_VALUES = DEMO_LINES.slice(1, 101).flatMap((line) => {
  const [email, phone] = line.split(',');
  const digits = (phone ?? '').replace(/\D/g, '');
  return [email!, email!.toLowerCase(), ...(phone ? [phone] : []), ...(digits.length >= 10 ? [digits] : [])];
});
const clearIn = (text: string) => CLEAR_VALUES.filter((value) => text.includes(value));

/** Our own upload and refresh routes are the only place the file may go in the clear (the browser sends it there). */
const OWN_UPLOAD = /^\/api\/audiences\/ad-accounts\/[^/]+\/customer-lists(\/[^/]+)?$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every stored row of the twin's tables, as text. */
async function storedRows(): Promise<string> {
  const client = new DynamoDBClient({
    endpoint: dynamodb,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { TableNames = [] } = await client.send(new ListTablesCommand({}));
  const pages = await Promise.all(TableNames.map((name) => client.send(new ScanCommand({ TableName: name }))));
  return JSON.stringify(pages.map((page) => page.Items));
}

/** A read-only Meta token of the demo Meta user, by Meta's own dialog and code exchange (the product's is encrypted). */
async function sandboxToken(): Promise<string> {
  const redirect = 'http://localhost/audiences-journey/callback';
  const dialog = `${meta}/v26.0/dialog/oauth?client_id=${LOCAL_META_APP.appId}&redirect_uri=${encodeURIComponent(redirect)}&scope=ads_read&response_type=code&state=journey`;
  const back = await consent(dialog, 'continue');
  const exchange = new URL(`${meta}/v26.0/oauth/access_token`);
  exchange.search = new URLSearchParams({
    client_id: LOCAL_META_APP.appId,
    client_secret: LOCAL_META_APP.appSecret,
    redirect_uri: redirect,
    code: back.searchParams.get('code')!,
  }).toString();
  return ((await (await fetch(exchange)).json()) as { access_token: string }).access_token;
}

/** The ad sets of the account's campaign of that name, with their targeting, read back from the sandbox's Graph API. */
async function publishedTargeting(adAccountId: string, campaignName: string) {
  const token = await sandboxToken();
  const graph = async <T>(node: string, fields: string): Promise<T> => {
    const url = new URL(`${meta}/v26.0/${node}`);
    url.searchParams.set('fields', fields);
    url.searchParams.set('limit', '200');
    url.searchParams.set('access_token', token);
    const reply = await fetch(url);
    expect(reply.status).toBe(200);
    return (await reply.json()) as T;
  };
  const campaigns = await graph<{ data: { id: string; name: string }[] }>(`${adAccountId}/campaigns`, 'id,name');
  const campaign = campaigns.data.find((c) => c.name === campaignName)!;
  expect(campaign).toBeDefined();
  const adSets = await graph<{
    data: {
      id: string;
      status: string;
      targeting: { custom_audiences?: { id: string }[]; excluded_custom_audiences?: { id: string }[] };
    }[];
  }>(`${campaign.id}/adsets`, 'id,status,targeting');
  return adSets.data;
}

const overflows = () =>
  journey.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('audiences in a real browser', () => {
  it('uploads the demo customer list, makes a 1 % lookalike, publishes a campaign reaching it without the customers, and keeps no customer in the clear', async () => {
    const { page } = journey;
    const leaks: string[] = [];
    page.on('request', (request) => {
      const body = request.postData();
      if (!body || OWN_UPLOAD.test(new URL(request.url()).pathname)) return;
      if (clearIn(body).length > 0) leaks.push(`${request.method()} ${request.url()}`);
    });
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

    // A refresh with the first 1,800 customers: the rest are removed on Meta, compared with the hashes kept.
    await page.getByRole('button', { name: 'Refresh demo-customers from a new file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refresh “demo-customers”' });
    await dialog.getByLabel('New customer file (CSV)').setInputFiles({
      name: 'customers-now.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${DEMO_LINES.slice(0, 1801).join('\n')}\n`),
    });
    await dialog.getByRole('button', { name: 'Refresh list' }).click();
    await dialog.getByText('“demo-customers” was refreshed').waitFor({ timeout: 60_000 });
    const compared = dialog.getByText('Compared with last upload').locator('xpath=following-sibling::dd[1]');
    expect(await compared.textContent()).toBe('yes');
    const removed = dialog.getByText('Removed', { exact: true }).locator('xpath=following-sibling::dd[1]');
    expect(Number((await removed.textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
    await journey.screenshot('audiences-refresh');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The owner sees both uploads in the audit, with counts only.
    const audit = page.getByRole('region', { name: 'Customer data uploads' });
    await audit.getByRole('cell', { name: 'Refresh', exact: true }).waitFor({ timeout: 30_000 });
    await audit.getByRole('cell', { name: 'Upload', exact: true }).waitFor();
    await journey.screenshot('audiences', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);
    const adAccountId = await accountSelect.inputValue();

    // A sales campaign for new customers: every ad set reaches the lookalike and leaves the customers out (the
    // generator suggests the exclusion on its own for an acquisition goal).
    await page.goto(`${web}/campaign-generator`);
    await page.getByRole('heading', { name: 'Campaign generator', level: 1 }).waitFor();
    const generatorAccounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await generatorAccounts.locator(`option[value="${adAccountId}"]`).waitFor({ state: 'attached' });
    await generatorAccounts.selectOption(adAccountId);
    await page.getByLabel('What are you advertising?').fill('Merino trail socks');
    await page.getByLabel('Goal').selectOption({ label: 'Sales' });
    await page.getByLabel('Landing page').fill('https://shop.example.com/merino-socks');
    await page.getByLabel(/^Budget \(/).fill('30');
    await page.getByLabel('Countries').fill('US');
    await page.getByLabel('Who is it for?').fill('People like our customers who hike');
    await page.getByRole('button', { name: 'Generate campaign plan' }).click();
    const campaignName = page.getByLabel('Campaign name');
    await campaignName.waitFor({ timeout: 60_000 });
    const name = `Lookalike socks ${Date.now().toString(36)}`;
    await campaignName.fill(name);
    const setCount = await page.getByLabel(/^Ad set \d+ minimum age$/).count();
    expect(setCount).toBeGreaterThan(0);
    for (let set = 1; set <= setCount; set += 1) {
      const reach = page.getByRole('group', { name: `Ad set ${set} custom audiences`, exact: true });
      await reach.getByRole('checkbox', { name: /^demo-customers – lookalike \(US, 1 %\) \(lookalike, / }).check();
      const leaveOut = page.getByRole('group', { name: `Ad set ${set} excluded audiences`, exact: true });
      const customers = leaveOut.getByRole('checkbox', { name: /^demo-customers \(customer list, .*suggested$/ });
      expect(await customers.isChecked()).toBe(true);
    }
    await page.getByText('Ready to publish').waitFor({ timeout: 30_000 });
    await journey.screenshot('audiences-campaign-plan', { fullPage: true });
    await page.getByRole('button', { name: 'Publish to Meta' }).click();
    const published = page.getByText('Published, paused');
    await published.waitFor({ timeout: 90_000 });
    await published.scrollIntoViewIfNeeded();
    await journey.screenshot('audiences-campaign-published');

    // Meta holds every ad set, active under the paused campaign (the one switch), targeting the lookalike and
    // excluding the customer list.
    const token = await accessToken(page);
    const listed = await fetch(`${web}/api/audiences/ad-accounts/${adAccountId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const { items } = (await listed.json()) as AudienceList;
    const lookalikeId = items.find((a) => a.name === 'demo-customers – lookalike (US, 1 %)')!.id;
    const customersId = items.find((a) => a.name === 'demo-customers')!.id;
    const adSets = await publishedTargeting(adAccountId, name);
    expect(adSets).toHaveLength(setCount);
    for (const adSet of adSets) {
      expect(adSet.status).toBe('ACTIVE');
      expect(adSet.targeting.custom_audiences?.map((a) => a.id)).toEqual([lookalikeId]);
      expect(adSet.targeting.excluded_custom_audiences?.map((a) => a.id)).toEqual([customersId]);
    }

    // No email or phone of the file left the browser but to our upload routes, reached Meta, or was stored.
    expect(leaks).toEqual([]);
    const calls = await (await fetch(`${meta}/__admin/calls`)).text();
    expect(clearIn(calls)).toEqual([]);
    expect(clearIn(await storedRows())).toEqual([]);
    for (const file of await filesUnder(stateDir)) {
      if ((await stat(file)).size > 50_000_000) continue;
      expect({ file, found: clearIn(await readFile(file, 'latin1')) }).toEqual({ file, found: [] });
    }
  }, 300_000);
});
