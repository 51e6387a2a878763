import type { Page } from 'playwright-core';
import { VERIFY_EMAIL_MODE } from '@shared/auth-links';
import { waitForAuthLink } from './mailbox';
import { e2e } from './environment';

/** The twin's seeded demo user (README's quick start). */
export const DEMO = { email: 'demo@adsmith.local', password: 'Demo-Password-2026!' };
export const E2E_PASSWORD = 'Campaign-ready-2025!';

/** An address no other journey (or earlier run on the same twin) uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Fills the sign-in form already on /auth (the email may be prefilled) and submits it. */
export async function signInOnAuthPage(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  const emailField = page.getByLabel('Email');
  if ((await emailField.inputValue()) !== email) await emailField.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in on /auth and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  const { web } = e2e();
  await page.goto(`${web}/auth`);
  await signInOnAuthPage(page, email, password);
  await page.waitForURL(`${web}/dashboard`);
}

export const signInAsDemo = (page: Page) => signIn(page, DEMO.email, DEMO.password);

/** The twin's seeded operator (infra/twin/cognito/provision-user-pool.ts: DEMO_OPERATOR), in the operators group. */
export const OPERATOR = { email: 'operator@adsmith.local', password: 'Operator-Password-2026!' };
export const signInAsOperator = (page: Page) => signIn(page, OPERATOR.email, OPERATOR.password);

/** Fills and sends the sign-up form; stops at "Check your inbox". */
export async function signUp(page: Page, name: string, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(`${e2e().web}/auth`);
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

/**
 * A fresh marketer: signs up, follows the emailed verification link and signs in, landing on /dashboard.
 * Returns the address used.
 */
export async function signUpAndSignIn(
  page: Page,
  name: string,
  { email = uniqueEmail('user'), password = E2E_PASSWORD }: { email?: string; password?: string } = {},
): Promise<string> {
  const { web, mailbox } = e2e();
  await signUp(page, name, email, password);
  const link = await waitForAuthLink(mailbox, email, VERIFY_EMAIL_MODE, web);
  await page.goto(link.toString());
  await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
  await signIn(page, email, password);
  return email;
}

/** The signed-in browser's Cognito access token, as Amplify keeps it (for calling the API directly). */
export function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) {
        return localStorage.getItem(key)!;
      }
    }
    throw new Error('no access token in localStorage');
  });
}

/**
 * On the dashboard: connects Meta through the sandbox's consent popup unless it already is.
 * Returns true when this call connected it (so the journey can leave things as it found them).
 */
export async function ensureMetaConnected(page: Page): Promise<boolean> {
  const connect = page.getByRole('button', { name: 'Connect Meta' });
  const disconnect = page.getByRole('button', { name: 'Disconnect' });
  await Promise.race([connect.waitFor(), disconnect.waitFor()]);
  if (!(await connect.isVisible())) return false;
  // The product opens the popup within the click (then sends it to Meta's dialog once its address arrives), so the
  // browser never blocks it: the same-window fallback here would hide a regression.
  const [popup] = await Promise.all([page.waitForEvent('popup', { timeout: 10_000 }), connect.click()]);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close', { timeout: 20_000 });
  await disconnect.waitFor();
  return true;
}

/** Disconnects Meta from the dashboard and waits for the Connect button. */
export async function disconnectMeta(page: Page): Promise<void> {
  await page.goto(`${e2e().web}/dashboard`);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('alertdialog', { name: 'Disconnect Meta?' })
    .getByRole('button', { name: 'Disconnect Meta' })
    .click();
  await page.getByRole('button', { name: 'Connect Meta' }).waitFor();
}
