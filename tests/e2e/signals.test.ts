import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 } });

const overflows = () =>
  journey.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('signals in a real browser', () => {
  it("reads the demo pixel's problems as ranked fixes at 1440 and 390 px, then sees an event from the snippet delivered", async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Sam Signals', { email: uniqueEmail('signals') });
    await ensureMetaConnected(page);

    await page.goto(`${web}/signals`);
    await page.getByRole('heading', { name: 'Signals', level: 1 }).waitFor();
    const accountSelect = page.getByRole('combobox', { name: 'Ad account', exact: true });
    const options = await accountSelect.locator('option').allTextContents();
    await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });

    const fixes = page.getByRole('list', { name: /^Fixes for / });
    await fixes.waitFor({ timeout: 60_000 });
    const titles = await fixes.getByRole('listitem').locator('p.font-medium').allTextContents();
    expect(titles[0]).toBe('Purchase may be counted twice');
    expect(titles).toContain('AddToCart stopped 4 days ago');
    await page.getByRole('table').getByRole('rowheader', { name: 'Purchase', exact: true }).waitFor();
    await journey.screenshot('signals', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    await journey.screenshot('signals-390', { fullPage: true });
    await expect.poll(overflows, { timeout: 15_000 }).toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The snippet on a customer's page: a site key made here, the page's pixel and Adsmith's endpoint told the same
    // event id, and the event on this screen once delivered to Meta.
    const keys = page.getByRole('form', { name: 'Create a site key' });
    await keys.getByLabel('Site name').fill('shop.example.com');
    await keys.getByRole('button', { name: 'Create site key' }).click();
    const key = await page.getByRole('textbox', { name: 'New site key' }).inputValue();
    expect(key).toMatch(/^adsk_/);

    // A page of the customer's site, loading the snippet from Adsmith: served from this machine (a page Playwright
    // fulfilled would count as a public site, which Chromium forbids to reach the loopback twin).
    const html = `<!doctype html><title>Thanks</title><h1>Thanks for your order</h1>
<script>window.fbqCalls = []; window.fbq = function () { window.fbqCalls.push([].slice.call(arguments)); };</script>
<script src="${web}/signals.js" data-site-key="${key}"></script>`;
    const site = createServer((_, reply) => reply.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const shop = await page.context().newPage();
    await shop.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/thanks`);
    const sent = await shop.evaluate(() => {
      const signals = (
        window as unknown as { adsmithSignals: { setConsent(c: boolean): void; track(...a: unknown[]): string } }
      ).adsmithSignals;
      signals.setConsent(true);
      const eventId = signals.track(
        'Purchase',
        { value: 42, currency: 'USD' },
        { user: { em: ' Buyer@Example.com ' } },
      );
      return { eventId, pixel: (window as unknown as { fbqCalls: unknown[][] }).fbqCalls[0] };
    });
    expect(sent.pixel).toEqual(['track', 'Purchase', { value: 42, currency: 'USD' }, { eventID: sent.eventId }]);
    await shop.close();
    site.close();

    const delivery = page.getByLabel('Deliveries from your endpoint');
    const delivered = async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Signals', level: 1 }).waitFor();
      await accountSelect.selectOption({ label: options.find((o) => o.includes('USD'))! });
      await fixes.waitFor({ timeout: 60_000 });
      if (!(await delivery.isVisible())) return '';
      return (
        (await delivery
          .locator('div', { has: page.getByText('Delivered', { exact: true }) })
          .locator('dd')
          .textContent()) ?? ''
      );
    };
    await expect.poll(delivered, { timeout: 60_000, interval: 2_000 }).toBe('1');
    // Freshness over the week, charted from the same delivery.
    await delivery.getByText(/Age of your endpoint’s events when Meta received them, per day/).waitFor();
    await journey.screenshot('signals-delivered', { fullPage: true });
  });
});
