import { appShellPaths, navLinks } from '@shared/screens';

/** The header's links (shared/screens.ts: the screens with a nav label); app links are shown only to a signed-in user. */
export const publicLinks = navLinks('main');

export const appLinks = navLinks('app');

/** The account menu's settings pages, after its Dashboard and Account settings items. */
export const accountLinks = navLinks('account');

/**
 * Paths search engines should not crawl (robots.txt), and the prefixes served the app shell with a 200:
 * sign-in, the signed-in app, the account menu's settings and an emailed invitation's landing page.
 */
export const SIGNED_IN_PATHS: readonly string[] = appShellPaths();

/** The footer's extra links: the policies (Meta's app review asks for a reachable privacy policy). */
export const legalLinks = navLinks('legal');
