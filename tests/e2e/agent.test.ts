import { describe, expect, it } from 'vitest';
import { ensureMetaConnected, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1440, height: 900 } });

describe('the agent in a real browser', () => {
  it('asks a question, gets a proposal, approves it in the optimizer drawer, then undoes it', async () => {
    const { page } = journey;
    await signUpAndSignIn(page, 'Agnes Agent', { email: uniqueEmail('agent') });
    await ensureMetaConnected(page);
    await page.goto(`${web}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();

    // The app bar's button opens the side sheet, from any signed-in screen.
    await page.getByRole('button', { name: 'Ask the agent' }).click();
    const panel = page.getByRole('dialog', { name: 'Adsmith agent' });
    await panel.getByText('Ask about your ad account in plain words').waitFor();
    const box = panel.getByRole('textbox', { name: 'Ask the agent' });

    // A question: the answer streams in, built on Meta's figures.
    await box.fill('How much did each campaign spend in the last 7 days?');
    await box.press('Enter');
    const log = panel.getByRole('log', { name: 'Conversation with the agent' });
    await log
      .getByText(/: spend \d/)
      .first()
      .waitFor({ timeout: 60_000 });
    await log.getByText('Built on 1 tool result').click();
    await log
      .getByRole('list', { name: 'Tool results used' })
      .getByText('Results from Meta (figures quoted)')
      .waitFor();
    await journey.screenshot('agent-answer');

    // A change: it becomes a proposal, waiting in the optimizer's drawer.
    await box.fill('Pause my worst campaign');
    await box.press('Enter');
    const proposals = log.getByRole('list', { name: 'Proposals' });
    const proposal = proposals.getByRole('listitem').first();
    await proposal.waitFor({ timeout: 60_000 });
    const title = (await proposal.locator('span.font-medium').textContent())!;
    expect(title).toMatch(/^Pause /);
    await journey.screenshot('agent-proposal');
    await proposal.getByRole('link', { name: /Review and approve in the optimizer/ }).click();

    // The link opens the drawer on that change set.
    await page.waitForURL(/\/optimizer/);
    const drawer = page.getByRole('dialog', { name: 'Review and approve' });
    await drawer.getByText(title).waitFor({ timeout: 60_000 });
    await journey.screenshot('agent-proposal-in-drawer');
    await drawer.getByRole('button', { name: /^Approve/ }).click();
    await drawer.waitFor({ state: 'detached', timeout: 60_000 });

    // Applied, with undo for 24 hours.
    await page.getByRole('combobox', { name: 'Show', exact: true }).selectOption({ label: 'Applied or undone' });
    const list = page.getByRole('list', { name: 'Recommendations' });
    const applied = list.getByRole('listitem').filter({ hasText: title }).first();
    await applied.getByRole('button', { name: /^Undo/ }).click({ timeout: 60_000 });
    await list.getByRole('listitem').filter({ hasText: title }).filter({ hasText: 'undone' }).first().waitFor();
    await journey.screenshot('agent-proposal-undone', { fullPage: true });
  });

  it('keeps the conversation, and deletes it on request', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Ask the agent' }).click();
    const panel = page.getByRole('dialog', { name: 'Adsmith agent' });
    const log = panel.getByRole('log', { name: 'Conversation with the agent' });
    await log.getByText('Pause my worst campaign').waitFor();
    await panel.getByRole('button', { name: 'Delete conversation' }).click();
    await panel
      .getByRole('group', { name: 'Delete the conversation?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await panel.getByText('Ask about your ad account in plain words').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });
});
