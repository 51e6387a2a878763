import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { accessToken, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { screenshot, useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web, dynamodb, region } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1440, height: 1000 } });

/** The signed-in person's Cognito sub, from the access token the browser holds. */
async function subOf(page: Page): Promise<string> {
  const payload = (await accessToken(page)).split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** Puts the person on a running Agency plan, as billing's webhook would after a checkout (the upgrade journey's part). */
async function onAgencyPlan(sub: string): Promise<void> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamodb, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  try {
    await doc.send(
      new PutCommand({
        TableName: localTableName('userPlans'),
        Item: {
          user_id: sub,
          plan: 'agency',
          interval: 'monthly',
          subscription_status: 'active',
          current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
        },
      }),
    );
  } finally {
    doc.destroy();
  }
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('onboarding a client without passwords, in a real browser', () => {
  it('the agency makes a link; the client, with no account, connects Meta through the dialog; the link is spent', async () => {
    const { page, browser } = journey;
    await signUpAndSignIn(page, 'Ava Agency', { email: uniqueEmail('onboarding-agency') });
    await onAgencyPlan(await subOf(page));

    // The agency makes a client workspace and works in it.
    await page.goto(`${web}/settings/team`);
    await page.getByRole('textbox', { name: 'Client workspace name' }).fill('Trailhead Outfitters');
    await page.getByRole('button', { name: 'Create client workspace' }).click();
    await page.getByRole('button', { name: 'Switch to Trailhead Outfitters' }).click();
    await page.getByRole('heading', { name: 'Connect Trailhead Outfitters’s Meta account' }).waitFor();

    // The link, shown once to copy.
    await page.getByRole('textbox', { name: 'Your agency’s name, as the client knows it' }).fill('Northwind Media');
    await page.getByRole('button', { name: 'Create onboarding link' }).click();
    const link = await page.getByRole('textbox', { name: 'Onboarding link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${web}/onboard/[A-Za-z0-9_-]{43}$`));
    const links = page.getByRole('list', { name: 'Onboarding links' });
    await links.getByText('Not used yet').waitFor();
    await journey.screenshot('client-onboarding-agency-1440', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await journey.screenshot('client-onboarding-agency-360', { fullPage: true });
    expect(await sidewaysScroll(page), 'the team page scrolls sideways at 360 px').toBe(false);
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The client: another browser, no account, no sign-in.
    const clientContext = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
    try {
      const client = await clientContext.newPage();
      client.setDefaultTimeout(30_000);
      await client.goto(link);
      await client.getByRole('heading', { name: 'Northwind Media asks you to connect your Meta ads' }).waitFor();
      await client.getByRole('list', { name: 'What will be shared' }).waitFor();
      await screenshot(client, 'client-onboarding-link-1440', { fullPage: true });
      await client.setViewportSize({ width: 360, height: 800 });
      await screenshot(client, 'client-onboarding-link-360', { fullPage: true });
      expect(await sidewaysScroll(client), 'the link page scrolls sideways at 360 px').toBe(false);
      await client.setViewportSize({ width: 1440, height: 1000 });

      // Meta's dialog (the sandbox's) in this tab, then back to the one callback page, which finishes the link.
      await client.getByRole('button', { name: 'Connect with Facebook' }).click();
      await client.getByRole('button', { name: 'Continue' }).click();
      await client.waitForURL(/\/auth\/meta\/callback\?/);
      await client.getByRole('heading', { name: 'Your Meta account is connected' }).waitFor();
      await client.getByText(/connected to Trailhead Outfitters’s workspace/).waitFor();
      await screenshot(client, 'client-onboarding-done-1440');
      await client.setViewportSize({ width: 360, height: 800 });
      await screenshot(client, 'client-onboarding-done-360', { fullPage: true });

      // The link is spent: opened again, it says so.
      await client.goto(link);
      await client.getByRole('heading', { name: 'This link was already used' }).waitFor();
      await screenshot(client, 'client-onboarding-used-360', { fullPage: true });
    } finally {
      await clientContext.close();
    }

    // The agency sees the link used, and the client workspace connected.
    await page.reload();
    await links.getByText('Used', { exact: true }).waitFor();
  });
});
