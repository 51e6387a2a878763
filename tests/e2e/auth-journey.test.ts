import { describe, expect, it } from 'vitest';
import { RESET_PASSWORD_MODE, VERIFY_EMAIL_MODE } from '@shared/auth-links';
import { messages } from '@shared/constants';
import { signInOnAuthPage, signUp, uniqueEmail } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { waitForAuthLink } from './support/mailbox';
import { e2e } from './support/environment';

const { web, mailbox } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 860 }, contextPer: 'test' });

describe('auth journeys in a real browser', () => {
  it('signs up, verifies through the emailed link, signs in and out, and returns to a guarded page', async () => {
    const { page } = journey;
    const email = uniqueEmail('journey');

    // Sign up, then follow the link the (local) Cognito emailed.
    await signUp(page, 'Journey Tester', email);
    const link = await waitForAuthLink(mailbox, email, VERIFY_EMAIL_MODE, web);
    expect(link.pathname).toBe('/');
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();

    // Sign in: lands on the dashboard.
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/auth/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await signInOnAuthPage(page, email);
    await page.waitForURL(`${web}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Journey' }).waitFor();
    await journey.screenshot('dashboard', { fullPage: true });

    // Change the display name through PATCH /api/me; the greeting follows the refreshed user.
    const nameField = page.getByLabel('Display name');
    await nameField.fill('Jordan Tester');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { name: 'Welcome, Jordan' }).waitFor();

    // The same dashboard on a phone: app links move into the navigation menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Campaigns' }).waitFor();
    await journey.screenshot('dashboard-mobile-menu');
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await page.setViewportSize({ width: 1280, height: 860 });

    // Sign out from the account menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu', { name: 'Account' }).waitFor();
    await journey.screenshot('account-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();

    // A guarded page sends a signed-out visitor to /auth and back after sign-in.
    await page.goto(`${web}/campaigns`);
    await page.waitForURL(`${web}/auth`);
    await signInOnAuthPage(page, email);
    await page.waitForURL(`${web}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
  });

  it('refuses to sign in an unverified email with the fixed message', async () => {
    const { page } = journey;
    const email = uniqueEmail('unverified');
    await signUp(page, 'Unverified Tester', email);

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await signInOnAuthPage(page, email);
    await page.getByText(messages.verifyEmailFirst).waitFor();
    expect(await page.getByRole('button', { name: 'Resend verification link' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${web}/auth`);
    await journey.screenshot('auth-unverified', { fullPage: true });
  });

  it('resets a forgotten password through the emailed link', async () => {
    const { page } = journey;
    const email = uniqueEmail('reset');
    await signUp(page, 'Reset Tester', email);
    await page.goto((await waitForAuthLink(mailbox, email, VERIFY_EMAIL_MODE, web)).toString());
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();

    await page.goto(`${web}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    const link = await waitForAuthLink(mailbox, email, RESET_PASSWORD_MODE, web);
    expect(link.pathname).toBe('/auth');
    await page.goto(link.toString());
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Reset code').inputValue()).not.toBe('');
    const newPassword = 'Brand-new-Passw0rd!';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();

    await signInOnAuthPage(page, email, newPassword);
    await page.waitForURL(`${web}/dashboard`);
  });

  it('serves every public route from its own chunk, and a not-found page for the rest', async () => {
    const { page } = journey;
    const pages: [string, string | RegExp][] = [
      ['/', 'Facebook and Instagram ads, crafted by AI'],
      ['/about', 'Why we built Adsmith'],
      ['/contact', 'Contact'],
      ['/blog', 'Guides for better Facebook and Instagram ads'],
      // Posts are covered by public-site.test.ts; a slug no post has is not found.
      ['/blog/no-such-post', 'Page not found'],
      ['/pricing', 'Simple plans that grow with your ad spend'],
      // The Meta feature owns this page's wording; any Meta heading means the route and its chunk loaded.
      ['/auth/meta/callback', /Meta/],
      ['/no-such-page', 'Page not found'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${web}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }

    await page.goto(`${web}/`);
    await page.getByRole('heading', { level: 1, name: pages[0]![1] }).waitFor();
    await journey.screenshot('home', { fullPage: true });
    await page.goto(`${web}/auth?tab=sign-up`);
    await page.getByLabel('Password', { exact: true }).fill('weakpass1');
    await journey.screenshot('auth-sign-up');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${web}/`);
    await page.getByRole('heading', { level: 1, name: pages[0]![1] }).waitFor();
    await journey.screenshot('home-mobile');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await journey.screenshot('home-mobile-menu');
  });
});
