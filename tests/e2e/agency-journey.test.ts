import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { accessToken, ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { screenshot, useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web, meta, dynamodb, region, mailbox } = e2e();

/** What the sandbox logged of the product's Graph calls (`/__admin/calls`). */
async function metaCalls(): Promise<Array<{ seq: number; method: string; path: string; status: number }>> {
  return ((await (await fetch(`${meta}/__admin/calls`)).json()) as { calls: [] }).calls;
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The newest email the twin's mailbox holds for `to`, waiting for it. */
async function emailTo(to: string): Promise<{ subject: string; text: string; links: string[] }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const messages = (await (await fetch(`${mailbox}/messages?to=${encodeURIComponent(to)}`)).json()) as Array<{
      subject: string;
      text: string;
      links: string[];
    }>;
    if (messages.length > 0) return messages.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No email reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The Agency plan for the person (its checkout is the upgrade journey's; here the plan is the starting point). */
async function onAgencyPlan(uid: string): Promise<void> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamodb, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  await doc.send(
    new PutCommand({
      TableName: localTableName('userPlans'),
      Item: {
        user_id: uid,
        plan: 'agency',
        interval: 'monthly',
        subscription_status: 'active',
        current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    }),
  );
  doc.destroy();
}

/**
 * Issue 28's browser journey (req 6): an agency user with two client workspaces switches between them, reads the
 * overview, generates a plan in one client's workspace and sends it for approval by link; the client opens the link
 * in a fresh browser (no account) and approves; the agency user publishes (paused) and the campaign exists in the
 * sandbox.
 */
describe('an agency and its clients in a real browser', () => {
  const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 }, contextPer: 'test' });
  /** The screen where `at` is (a plan page is long: a full-page shot is too small to read). */
  const shot = async (step: string, at?: Locator) => {
    await at?.scrollIntoViewIfNeeded();
    await journey.screenshot(`agency-journey-${step}`);
  };

  it('switches clients, reads the overview, gets a plan approved by link and publishes it', async () => {
    const started = Date.now();
    const { page } = journey;
    const run = Date.now().toString(36);
    await signUpAndSignIn(page, 'Ada Agency', { email: uniqueEmail('agency') });
    const token = await accessToken(page);
    const me = (await (await fetch(`${web}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      uid: string;
    };
    await onAgencyPlan(me.uid);

    // Two client workspaces, made on the team page.
    const clients = [`Bakery ${run}`, `Florist ${run}`];
    await page.goto(`${web}/settings/team`);
    for (const name of clients) {
      await page.getByRole('textbox', { name: 'Client workspace name' }).fill(name);
      await page.getByRole('button', { name: 'Create client workspace' }).click();
      await page.getByText(`${name} is ready`).waitFor();
    }

    // The switcher: each client's workspace in turn, the bakery's last (its Meta connected there).
    const switcher = page.getByRole('combobox', { name: 'Workspace' });
    await switcher.selectOption({ label: `${clients[1]} (admin)` });
    await expect.poll(() => switcher.locator('option:checked').textContent()).toBe(`${clients[1]} (admin)`);
    await switcher.selectOption({ label: `${clients[0]} (admin)` });
    await expect.poll(() => switcher.locator('option:checked').textContent()).toBe(`${clients[0]} (admin)`);

    // The bakery's Meta account: the client connects it through an onboarding link (the agency never signs in to
    // their Meta), in a browser of their own.
    await page.goto(`${web}/settings/team`);
    await page.getByRole('textbox', { name: 'Your agency’s name, as the client knows it' }).fill('Northwind Media');
    await page.getByRole('button', { name: 'Create onboarding link' }).click();
    const onboarding = await page.getByRole('textbox', { name: 'Onboarding link' }).inputValue();
    const onboardingContext = await journey.browser.newContext({ locale: 'en-US' });
    try {
      const clientPage = await onboardingContext.newPage();
      await clientPage.goto(onboarding);
      await clientPage.getByRole('button', { name: 'Connect with Facebook' }).click();
      await clientPage.getByRole('button', { name: 'Continue' }).click();
      await clientPage.getByRole('heading', { name: 'Your Meta account is connected' }).waitFor();
    } finally {
      await onboardingContext.close();
    }

    // The bakery publishes nothing its client has not approved.
    await page.reload();
    const requireApproval = page.getByRole('checkbox', {
      name: 'Require the client’s approval before a campaign plan is published',
    });
    await requireApproval.waitFor();
    await expect.poll(() => requireApproval.isEnabled()).toBe(true);
    // Checked once the server saved it (the box shows the stored setting).
    await requireApproval.click();
    await expect.poll(() => requireApproval.isChecked(), { timeout: 10_000 }).toBe(true);

    // The overview: every workspace of the agency user, the clients among them.
    await page.goto(`${web}/agency`);
    await page.getByRole('heading', { name: 'Agency overview', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: /Workspaces against their targets/ });
    for (const name of clients) await table.getByText(name).first().waitFor();
    await shot('overview');

    // A plan in the bakery's workspace.
    await page.goto(`${web}/campaign-generator`);
    await page.getByRole('heading', { name: 'Campaign generator', level: 1 }).waitFor();
    const accounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accounts.locator('option').nth(1).waitFor({ state: 'attached' });
    const usd = (await accounts.locator('option').allTextContents()).find((label) => label.includes('USD'))!;
    await accounts.selectOption({ label: usd });
    await page.getByLabel('What are you advertising?').fill(`Sourdough loaves ${run}`);
    await page.getByLabel('Goal').selectOption({ label: 'Traffic' });
    await page.getByLabel('Landing page').fill('https://bakery.example.com/sourdough');
    await page.getByLabel(/^Budget \(/).fill('25');
    await page.getByLabel('Countries').fill('US');
    await page.getByLabel('Who is it for?').fill('People who bake at home');
    await page.getByRole('button', { name: 'Generate campaign plan' }).click();
    await page.getByLabel('Campaign name').waitFor({ timeout: 60_000 });
    await page.getByText('Ready to publish').waitFor();
    const campaignName = await page.getByLabel('Campaign name').inputValue();

    // Publishing before the client's approval is refused, and the screen says why.
    await page.getByRole('button', { name: 'Publish to Meta' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not published: the client’s approval is needed' });
    await refusal.getByText('This workspace publishes a plan only once its client has approved it.').waitFor();
    await shot('refused', refusal);

    // Sent by link and emailed to the client from the agency's name; the link is also shown once.
    const clientEmail = uniqueEmail('bakery-client');
    const form = page.getByRole('form', { name: 'Send the plan for approval' });
    await form.getByLabel('Email it to (optional)').fill(clientEmail);
    await form.getByLabel('From (your agency’s name)').fill('Northwind Media');
    await form.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText(`Emailed to ${clientEmail}.`).waitFor();
    const shown = await page.getByRole('textbox', { name: 'Approval link' }).inputValue();
    expect(shown).toMatch(new RegExp(`^${web}/approve/[A-Za-z0-9_-]{43}$`));
    await shot('sent', form);
    const email = await emailTo(clientEmail);
    expect(email.subject).toBe(`Northwind Media asks for your approval: ${campaignName}`);
    const link = email.links.find((url) => url.includes('/approve/'))!;
    expect(link).toBe(shown);

    // The client: a fresh browser, no account; reads the plan and approves.
    const clientContext = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const clientPage = await clientContext.newPage();
      await clientPage.goto(link);
      await clientPage.getByRole('heading', { name: campaignName, level: 1 }).waitFor();
      await clientPage.getByText('Campaign plan sent for your approval').waitFor();
      await screenshot(clientPage, 'agency-journey-client-link', { fullPage: true });
      await clientPage.getByLabel('Your name').fill('Bea Baker');
      await clientPage.getByRole('button', { name: 'Approve' }).click();
      await clientPage.getByText('Approved').first().waitFor();
      await screenshot(clientPage, 'agency-journey-client-approved', { fullPage: true });
    } finally {
      await clientContext.close();
    }

    // The agency sees the answer, publishes (paused), and the campaign exists in the sandbox.
    await page.reload();
    await page
      .getByRole('region', { name: 'Saved drafts' })
      .getByRole('button', { name: new RegExp(campaignName) })
      .click();
    await page
      .getByRole('list', { name: 'Approvals of this plan' })
      .getByText(/answered by Bea Baker/)
      .waitFor({ timeout: 30_000 });
    const before = Math.max(0, ...(await metaCalls()).map((call) => call.seq));
    await page.getByRole('button', { name: 'Publish to Meta' }).click();
    await page.getByText('Published, paused').waitFor({ timeout: 60_000 });
    await shot('published', page.getByText('Published, paused'));
    const created = (await metaCalls()).filter(
      (call) => call.seq > before && call.method === 'POST' && /\/act_\d+\/campaigns$/.test(call.path),
    );
    expect(created.map((call) => call.status)).toEqual([200]);
    console.log(`agency journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);

  it('sends chosen recommendations for approval; the client reads them before → after; the owner revokes the link', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Oli Owner', { email: uniqueEmail('agency-changes') });
    await ensureMetaConnected(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Two open recommendations with changes, chosen on /optimizer and sent as one set by link.
    await page.goto(`${web}/optimizer`);
    await page.getByRole('heading', { name: 'Optimizer', level: 1 }).waitFor();
    const accounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accounts.selectOption({
      label: (await accounts.locator('option').allTextContents()).find((o) => o.includes('USD'))!,
    });
    const choose = page.getByRole('checkbox', { name: /^Select for approval: / });
    await choose.first().waitFor({ timeout: 60_000 });
    const titles = [];
    for (const box of (await choose.all()).slice(0, 2)) {
      titles.push(((await box.getAttribute('aria-label')) ?? '').replace('Select for approval: ', ''));
      await box.check();
    }
    const chosen = page.getByRole('region', { name: 'Chosen for approval' });
    await chosen.getByText(`${titles.length} recommendation`, { exact: false }).waitFor();
    await chosen.getByRole('button', { name: 'Send for approval' }).click();
    const drawer = page.getByRole('dialog', { name: 'Send for approval' });
    await drawer.getByRole('button', { name: 'Send for approval' }).click();
    const link = await drawer.getByRole('textbox', { name: 'Approval link' }).inputValue();
    await journey.screenshot('agency-changes-sent-1440');
    await drawer.getByRole('button', { name: 'Close' }).click();

    // The client's page: each change before → after, at a desk and on a phone.
    const clientContext = await journey.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    try {
      const client = await clientContext.newPage();
      await client.goto(link);
      await client.getByText(titles[0]!).first().waitFor();
      await screenshot(client, 'agency-changes-link-1440', { fullPage: true });
      await client.setViewportSize({ width: 360, height: 800 });
      await screenshot(client, 'agency-changes-link-360', { fullPage: true });
      expect(await sidewaysScroll(client), 'the link page scrolls sideways at 360 px').toBe(false);
    } finally {
      await clientContext.close();
    }

    // The owner's /approvals: the same changes, and Revoke; the link then stops working.
    await page.goto(`${web}/approvals`);
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Revoke the link' }).waitFor();
    await journey.screenshot('agency-changes-approvals-1440', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await journey.screenshot('agency-changes-approvals-360', { fullPage: true });
    expect(await sidewaysScroll(page), '/approvals scrolls sideways at 360 px').toBe(false);
    await page.getByRole('button', { name: 'Revoke the link' }).click();
    await page.getByText(/Withdrawn by its sender on/).waitFor();
    await journey.screenshot('agency-changes-revoked-360', { fullPage: true });
    const gone = await fetch(`${web}/api/approval-links/${link.split('/approve/')[1]}`);
    expect(gone.status).toBe(410);
  }, 180_000);
});
