import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInOnAuthPage, signUpAndSignIn } from './support/accounts';
import { useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 } });

/** What an authenticator app shows for this key now: RFC 6238, SHA-1, 6 digits, 30 s (Cognito's TOTP). */
const appCode = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** A 6-digit code that is not the app's current one (nor, in practice, a neighbouring window's). */
const wrongCode = (key: string) => (appCode(key) === '000000' ? '111111' : '000000');

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();
}

describe('two-step sign-in with an authenticator app, in a real browser (issue 23, finding 7)', () => {
  it('sets up an app in Settings → Security, then asks for its code at the next sign-in', async () => {
    const { page } = journey;
    const email = await signUpAndSignIn(page, 'Totp Tester');

    await page.goto(`${web}/settings`);
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await security.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const key = (await security.getByLabel('Setup key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^[A-Z2-7]{16,}=*$/);
    await journey.screenshot('two-step-setup');

    // A wrong code is refused with a sentence for people, and MFA stays off.
    const setupForm = security.getByRole('form', { name: 'Set up two-step sign-in' });
    await setupForm.getByLabel('Authentication code').fill(wrongCode(key));
    await setupForm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await setupForm.getByText('That code is not right. Enter the code your authenticator app shows now.').waitFor();

    await setupForm.getByLabel('Authentication code').fill(appCode(key));
    await setupForm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await security.getByText('Each sign-in asks for the code your authenticator app shows.').waitFor();
    await security.getByText('On', { exact: true }).waitFor();

    // A new sign-in: the password alone no longer opens the account.
    await signOut(page);
    await page.goto(`${web}/auth`);
    await signInOnAuthPage(page, email);
    const step = page.getByRole('form', { name: 'Two-step sign-in' });
    await step.getByLabel('Authentication code').waitFor();
    expect(page.url()).toBe(`${web}/auth`);
    await journey.screenshot('two-step-sign-in');

    // Cognito answers a wrong code with CodeMismatchException; the same sign-in still takes the right one.
    await step.getByLabel('Authentication code').fill(wrongCode(key));
    await step.getByRole('button', { name: 'Verify and sign in' }).click();
    await step.getByText('That code is not right. Enter the code your authenticator app shows now.').waitFor();
    await step.getByLabel('Authentication code').fill(appCode(key));
    await step.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(`${web}/dashboard`);

    // Settings shows it on; turning it off lets the password alone sign in again.
    await page.goto(`${web}/settings`);
    await security.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await security.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await signOut(page);
    await page.goto(`${web}/auth`);
    await signInOnAuthPage(page, email);
    await page.waitForURL(`${web}/dashboard`);
  });
});
