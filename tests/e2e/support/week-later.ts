import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Days passing on the journey's twin (the Meta sandbox's `POST /__admin/advance-days`): the world's history moves
 * `days` into the past, and its insights fill those days with delivery. A negative value moves it back: the files that
 * run after a journey on the same twin must find the world as they would have.
 */
export async function advanceSandbox(meta: string, days: number): Promise<void> {
  const reply = await fetch(`${meta}/__admin/advance-days`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  if (!reply.ok) throw new Error(`advance-days ${days} failed: ${reply.status} ${await reply.text()}`);
}

/** On /campaigns, in the ad account of `currency`: resumes the campaign named `name` as a marketer does. */
export async function resumeCampaign(page: Page, web: string, name: string, currency = 'USD'): Promise<void> {
  if (!page.url().startsWith(`${web}/campaigns`)) {
    await page.goto(`${web}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    const accounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
    await accounts.locator('option').nth(1).waitFor({ state: 'attached' });
    const label = (await accounts.locator('option').allTextContents()).find((text) => text.includes(currency))!;
    await accounts.selectOption({ label });
  }
  await page.getByLabel('Search campaigns').fill(name);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await row.getByRole('button', { name: `Resume ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Resume “${name}”?` });
  // What resuming starts spending: the ad sets beneath it are active (the campaign is the one switch).
  await confirm.getByText(/It starts spending again/).waitFor();
  await confirm.getByRole('button', { name: 'Resume campaign' }).click();
  // The row shows "Active" at once (optimistic); its switch is disabled until Meta has answered.
  await row.getByText('Active', { exact: true }).waitFor();
  const pause = row.getByRole('button', { name: `Pause ${name}` });
  await expect.poll(() => pause.isEnabled(), { timeout: 30_000 }).toBe(true);
}

/** What the generators start from (shared/creative-winners.ts COPY_PARTS): the report sections that name them. */
const COPY_SECTIONS = ['Headline angle', 'Call to action'];

/**
 * On /creative-report, the account's `group` ("Traffic · Link clicks"): the sections of the elements the generators
 * start from whose summary names a winner ("Winning: SEE_MORE (CTR), each at least 95% likely to beat the rest.").
 */
export async function copyWinnersOnReport(page: Page, web: string, group: string, currency = 'USD') {
  await page.goto(`${web}/creative-report`);
  const accounts = page.getByRole('combobox', { name: 'Ad account', exact: true });
  await accounts.locator('option').nth(1).waitFor({ state: 'attached' });
  const label = (await accounts.locator('option').allTextContents()).find((text) => text.includes(currency))!;
  await accounts.selectOption({ label });
  const groups = page.getByLabel('Objective and result');
  await groups.waitFor({ timeout: 30_000 });
  const option = (await groups.locator('option').allTextContents()).find((text) => text.startsWith(group))!;
  await groups.selectOption({ label: option });
  const won: string[] = [];
  for (const name of COPY_SECTIONS) {
    const section = page.getByRole('region', { name, exact: true });
    await section.waitFor();
    const summary = (await section.locator('p').first().textContent()) ?? '';
    if (!summary.startsWith('Winning:')) continue;
    // Named with its significance, and its row in the element's table says on what it won.
    expect(summary).toMatch(/each at least 95% likely to beat the rest\.$/);
    await section.getByRole('row').filter({ hasText: 'Winner on' }).first().waitFor();
    won.push(name);
  }
  return won;
}
