/**
 * Every fixed path of the web app, declared once (blog posts get theirs from the blog's build): the router mounts them, the header and
 * menus link to them, and the functions that send people back to the site (emailed
 * links, Meta's OAuth redirect) build their URLs from them.
 */
export const webPaths = {
  home: '/',
  auth: '/auth',
  about: '/about',
  pricing: '/pricing',
  blog: '/blog',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  /** Where Meta's OAuth dialog returns; registered as a redirect URI in the Meta app. */
  metaCallback: '/auth/meta/callback',
  dashboard: '/dashboard',
  campaigns: '/campaigns',
  optimizer: '/optimizer',
  campaignGenerator: '/campaign-generator',
  adOptimizer: '/ad-optimizer',
  adsGraphicsGenerator: '/ads-graphics-generator',
  adCopy: '/ad-copy',
  marketingMix: '/marketing-mix',
  /** One saved model's report (`:id` = the model id); the owner's, signed in. */
  marketingMixReport: '/marketing-mix/report/:id',
  /** A report opened through a signed share link: read-only, no sign-in. */
  marketingMixShared: '/marketing-mix/shared/:token',
  /** Automation rules (the Optimizer's Rules tab). */
  optimizerRules: '/optimizer/rules',
  /** Which notifications this browser sends (account menu). */
  settingsNotifications: '/settings/notifications',
  /** This tab's error log (account menu). */
  settingsErrors: '/settings/errors',
  /** Applied recommendations, predicted against actual (the Optimizer's Applied tab). */
  optimizerApplied: '/optimizer/applied',
  /** The workspace's team: members, invitations, seats (account menu). */
  settingsTeam: '/settings/team',
  /** Where an emailed invitation link lands (`?token=`): sign in or up with the invited address, then accept. */
  teamJoin: '/team/join',
} as const;

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

export type WebPath = (typeof webPaths)[keyof typeof webPaths];
