import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsOperator } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web, sinks } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 } });

interface SinkRow {
  body: { text?: string; blocks?: unknown[] };
  status: number;
}

/** What the Slack sink received, as JSON (infra/twin/sinks). */
async function slackPosts(): Promise<SinkRow[]> {
  return (await (await fetch(`${sinks}/slack/requests`)).json()) as SinkRow[];
}

/** Clicks that reached the API, by path: the tracker posts them in batches, never on the click itself. */
function recordClickPosts(target: Page): string[] {
  const posts: string[] = [];
  target.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && (path === '/api/clicks' || path === '/api/notifications/batch')) {
      posts.push(`${path} ${request.postData() ?? ''}`);
    }
  });
  return posts;
}

describe('notifications and errors in a real browser', () => {
  it('sends the contact form, shows the success state, and the team gets the contact in Slack', async () => {
    const { page } = journey;
    const marker = `E2E visitor ${Date.now()}`;
    const clickPosts = recordClickPosts(page);
    await page.goto(`${web}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    // The page is prerendered: filled and sent before React has hydrated it, the form submits natively (a reload,
    // no request) and the success never shows. That happened on a loaded CI machine; React's props on the form's
    // node say it is hydrated.
    await page.waitForFunction(() => {
      const node = document.querySelector('form[aria-label="Contact form"]');
      return node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps$'));
    });
    await form.getByLabel('Name').fill(marker);
    await form.getByLabel('Email').fill('visitor@example.com');
    await form.getByLabel('Company (optional)').fill('Acme Mugs');
    await form.getByLabel('Message').fill('We would like a demo of the campaign generator, please.');
    await form.getByRole('button', { name: 'Send message' }).click();

    await page.getByRole('heading', { name: /Thank you — your message is on its way/ }).waitFor();
    await journey.screenshot('contact-sent');

    // The contact event goes bus → queue → slack-forwarder → the Slack sink (Block Kit, once).
    await expect
      .poll(async () => (await slackPosts()).filter((post) => JSON.stringify(post.body).includes(marker)).length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(1);

    // The visitor's click on "Send message" went out in the tracker's next batch (every 5 s), to the public
    // endpoint, carrying the label and page and nothing that names the visitor.
    await expect
      .poll(() => clickPosts.find((post) => post.includes('Send message')), { timeout: 30_000 })
      .toBeDefined();
    const anonymous = clickPosts.find((post) => post.includes('Send message'))!;
    expect(anonymous).toMatch(/^\/api\/clicks /);
    expect(JSON.parse(anonymous.replace(/^\S+ /, ''))).toEqual({
      clicks: [expect.objectContaining({ buttonText: 'Send message', page: '/contact' })],
    });
    expect(anonymous).not.toMatch(/visitor@example\.com|userEmail/);
  });

  it('turns a failed API call into the network toast and an entry in the error log', async () => {
    const { page } = journey;
    // The deployment's notifications page is its operators' (issue 25, requirement 11).
    await signInAsOperator(page);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Notifications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByText('Connected').first().waitFor();

    // The connection drops just for this call: the API client reports NETWORK_ERROR.
    await page.route('**/api/notifications/test', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Send test to Slack' }).click();
    await page.getByText('Network connection issue. Please check your internet connection.').waitFor();
    await journey.screenshot('network-error-toast');
    await page.unroute('**/api/notifications/test');

    // Same tab, in-app navigation: the in-memory log has the entry.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Error log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Error log' }).waitFor();
    const entries = page.getByRole('list', { name: 'Error log entries' });
    await entries.getByText('NETWORK_ERROR').first().waitFor();
    expect(await page.getByLabel('Errors in the last 5 minutes').textContent()).not.toBe('0');
    await journey.screenshot('error-log', { fullPage: true });

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Error log cleared').waitFor();
    await page.getByText(/No errors logged/).waitFor();
  });
});
