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

  it('sends a proposal from the chat for the client’s approval; the client approves by link; the owner sees who answered', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Ask the agent' }).click();
    const panel = page.getByRole('dialog', { name: 'Adsmith agent' });
    const box = panel.getByRole('textbox', { name: 'Ask the agent' });
    const log = panel.getByRole('log', { name: 'Conversation with the agent' });
    // The same ask again: the first proposal was applied and undone by the test before, so this one is new.
    const lists = log.getByRole('list', { name: 'Proposals' });
    const before = await lists.count();
    await box.fill('Pause my worst campaign');
    await box.press('Enter');
    const proposal = lists.nth(before).getByRole('listitem').first();
    await proposal.waitFor({ timeout: 60_000 });
    const title = (await proposal.locator('span.font-medium').textContent())!;
    await proposal.getByRole('button', { name: `Send for approval: ${title}` }).click();
    const form = proposal.getByRole('form', { name: 'Send the proposal for approval' });
    await form.getByRole('button', { name: 'Send for approval' }).click();
    const link = await proposal.getByRole('textbox', { name: 'Approval link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${web}/approve/[A-Za-z0-9_-]{43}$`));
    await journey.screenshot('agent-proposal-sent-for-approval');
    await page.keyboard.press('Escape');

    // The client: a fresh browser with no account reads the change and approves it.
    const clientContext = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const client = await clientContext.newPage();
      await client.goto(link);
      await client.getByText(title).first().waitFor();
      await client.getByLabel('Your name').fill('Cleo Client');
      await client.getByRole('button', { name: 'Approve' }).click();
      await client.getByText('Approved').first().waitFor();
    } finally {
      await clientContext.close();
    }

    // The owner's /approvals shows the answer and who gave it.
    await page.goto(`${web}/approvals`);
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Sent for approval' }).getByText('Approved').first().waitFor();
    await page.getByText(/By Cleo Client on/).waitFor();
    await journey.screenshot('agent-proposal-approved-by-client', { fullPage: true });
  });

  it('keeps the conversation, and deletes it on request', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Ask the agent' }).click();
    const panel = page.getByRole('dialog', { name: 'Adsmith agent' });
    const log = panel.getByRole('log', { name: 'Conversation with the agent' });
    await log.getByText('Pause my worst campaign').first().waitFor();
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
