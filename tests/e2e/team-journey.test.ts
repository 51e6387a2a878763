import { describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { signIn, signUpAndSignIn, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web, mailbox } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 } });

/** The invitation link the SES stand-in (the dev mailbox) delivered to `to`. */
async function invitationLink(to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${mailbox}/messages?to=${encodeURIComponent(to)}`)).json()) as {
      links: string[];
    }[];
    const link = messages.flatMap((m) => m.links).find((l) => l.includes('/team/join?token='));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no invitation email reached ${to}`);
}

async function noSidewaysScroll(): Promise<void> {
  const { page } = journey;
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths[1]!);
}

describe('a team in a real browser', () => {
  it('a Free owner sees the upgrade prompt; on Pro invites by email; the invitee signs up, accepts and sees the team', async () => {
    const { page } = journey;
    const owner = uniqueEmail('team-owner');
    const mate = uniqueEmail('team-mate');
    await signUpAndSignIn(page, 'Olive Owner', { email: owner });

    // Free: one seat, the owner's. Inviting shows the way up, not an error.
    await page.goto(`${web}/settings/team`);
    await page.getByRole('meter', { name: /Seats: 1 of 1 used \(Free plan\)/ }).waitFor();
    await page.getByRole('textbox', { name: 'Teammate’s email' }).fill(mate);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your plan allows one seat, and it is taken' }).waitFor();
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();

    // Upgrade on the Stripe stand-in with the test card.
    await page.waitForURL(`${web}/pricing`);
    await page.getByRole('listitem', { name: 'Pro' }).getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Cardholder name').fill('Olive Owner');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/dashboard\?checkout=success/);
    await page.locator('#billing').getByText('Billed monthly').waitFor({ timeout: 30_000 });

    // Pro: the owner invites; the seat is held while the invitation waits.
    await page.goto(`${web}/settings/team`);
    const seats = plans.pro.limits.seats;
    await page.getByRole('meter', { name: new RegExp(`Seats: 1 of ${seats} used \\(Pro plan\\)`) }).waitFor();
    await page.getByRole('textbox', { name: 'Teammate’s email' }).fill(mate);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation emailed to ${mate}`).waitFor();
    await page.getByRole('meter', { name: new RegExp(`Seats: 2 of ${seats} used`) }).waitFor();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(mate).waitFor();
    await journey.screenshot('team-owner-1280', { fullPage: true });
    await noSidewaysScroll();
    await page.setViewportSize({ width: 360, height: 800 });
    await journey.screenshot('team-owner-360', { fullPage: true });
    await noSidewaysScroll();
    await page.setViewportSize({ width: 1280, height: 900 });

    // The invitee: a new account with the invited address, then the emailed link.
    const link = await invitationLink(mate);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signUpAndSignIn(page, 'Max Mate', { email: mate });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join a team on Adsmith' }).waitFor();
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByText(`You joined ${owner}’s workspace`).waitFor();

    // The member's team page: whose workspace, on which plan, and no team management.
    await page.goto(`${web}/settings/team`);
    await page.getByRole('heading', { name: `You work in ${owner}’s workspace` }).waitFor();
    await page.getByRole('meter', { name: new RegExp(`Seats: 2 of ${seats} used \\(Pro plan\\)`) }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Teammate’s email' }).count()).toBe(0);
    await journey.screenshot('team-member-1280', { fullPage: true });

    // The member's dashboard: the shared plan read-only, who manages billing, no billing or Meta buttons.
    await page.goto(`${web}/dashboard`);
    const billing = page.locator('#billing');
    await billing.getByText('The workspace owner manages billing').waitFor();
    await billing.getByText(owner).waitFor();
    expect(await billing.getByRole('button').count()).toBe(0);
    await page.getByText(/Ask your workspace owner .* to connect Meta/).waitFor();
    expect(await page.getByRole('button', { name: 'Connect Meta' }).count()).toBe(0);
    await journey.screenshot('team-member-dashboard-1280', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await journey.screenshot('team-member-dashboard-360', { fullPage: true });
    await noSidewaysScroll();
    await page.setViewportSize({ width: 1280, height: 900 });

    // The switcher: the member's own workspace (theirs to connect to Meta), then back to the owner's, as chosen.
    const switcher = page.getByRole('combobox', { name: 'Workspace' });
    await switcher.selectOption({ label: 'My workspace' });
    await page.getByRole('button', { name: 'Connect Meta' }).first().waitFor();
    await switcher.selectOption({ label: `${owner} (member)` });
    await page.getByText(/Ask your workspace owner .* to connect Meta/).waitFor();
    expect(await page.getByRole('button', { name: 'Connect Meta' }).count()).toBe(0);

    // Opening the link again is a retry by the same person: they are in, once (no second seat).
    await page.goto(link);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByText(`You joined ${owner}’s workspace`).waitFor();

    // The owner sees the member; for anyone else the link no longer works.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, owner);
    await page.goto(`${web}/settings/team`);
    await page.getByRole('list', { name: 'Members' }).getByText(mate).waitFor();
    await page.getByRole('meter', { name: new RegExp(`Seats: 2 of ${seats} used`) }).waitFor();
    await page.goto(link);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByText('This invitation is no longer valid').waitFor();
    await page.goto(`${web}/settings/team`);
    await page.getByRole('button', { name: `Remove ${mate}` }).waitFor();
  });
});
