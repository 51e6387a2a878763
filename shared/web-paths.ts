import { screens, type ScreenKey, type Screens } from './screens';

/**
 * Every fixed path of the web app, by its screen's key (shared/screens.ts declares them; blog posts get
 * theirs from the blog's build): the router mounts them, the header and menus link to them, and the
 * functions that send people back to the site (emailed links, Meta's OAuth redirect) build their URLs from them.
 */
export const webPaths = Object.fromEntries(
  (Object.keys(screens) as ScreenKey[]).map((key) => [key, screens[key].path]),
) as { readonly [K in ScreenKey]: Screens[K]['path'] };

/** The auth page opened on its sign-up tab (calls to action on the public pages). */
export const signUpPath = `${webPaths.auth}?tab=sign-up`;

/** The report page of one marketing-mix model. */
export function marketingMixReportPath(id: string): string {
  return webPaths.marketingMixReport.replace(':id', encodeURIComponent(id));
}

/** The page a share link opens. */
export function marketingMixSharedPath(token: string): string {
  return webPaths.marketingMixShared.replace(':token', encodeURIComponent(token));
}

/** The page an approval link opens (issue 28, req 3). */
export function approvalLinkPath(token: string): string {
  return webPaths.approvalLink.replace(':token', encodeURIComponent(token));
}

export type WebPath = (typeof webPaths)[keyof typeof webPaths];
