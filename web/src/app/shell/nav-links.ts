import { webPaths } from '@shared/web-paths';

/** The header's links; app links are shown only to a signed-in user. */
export const publicLinks = [
  { to: webPaths.about, label: 'About' },
  { to: webPaths.pricing, label: 'Pricing' },
  { to: webPaths.blog, label: 'Blog' },
  { to: webPaths.contact, label: 'Contact' },
] as const;

export const appLinks = [
  { to: webPaths.dashboard, label: 'Dashboard' },
  { to: webPaths.campaigns, label: 'Campaigns' },
  { to: webPaths.adCopy, label: 'Ad copy' },
  { to: webPaths.campaignGenerator, label: 'Campaign generator' },
  { to: webPaths.optimizer, label: 'Optimizer' },
  { to: webPaths.adOptimizer, label: 'Ad optimizer' },
  { to: webPaths.adsGraphicsGenerator, label: 'Graphics generator' },
  { to: webPaths.marketingMix, label: 'Marketing mix' },
] as const;

/**
 * Paths search engines should not crawl (robots.txt), and the prefixes served the app shell with a 200:
 * sign-in, the signed-in app, the account menu's settings and an emailed invitation's landing page.
 */
export const SIGNED_IN_PATHS = [
  webPaths.auth,
  ...appLinks.map((link) => link.to),
  webPaths.settingsNotifications,
  webPaths.settingsErrors,
  webPaths.settingsTeam,
  webPaths.teamJoin,
] as const;

/** The footer's extra links: the policies (Meta's app review asks for a reachable privacy policy). */
export const legalLinks = [
  { to: webPaths.privacy, label: 'Privacy' },
  { to: webPaths.terms, label: 'Terms' },
] as const;
