import { navLinks } from '@shared/screens';

/** The header's links (shared/screens.ts: the screens with a nav label); app links are shown only to a signed-in user. */
export const publicLinks = navLinks('main');

export const appLinks = navLinks('app');

/** The account menu's settings pages, after its Dashboard and Account settings items. */
export const accountLinks = navLinks('account');

/** The footer's extra links: the policies (Meta's app review asks for a reachable privacy policy). */
export const legalLinks = navLinks('legal');
