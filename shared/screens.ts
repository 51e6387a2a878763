/**
 * The screens table: every fixed page of the web app, declared once. The web's router mounts each entry
 * (its lazy page: web/src/app/router/screen-pages.ts), the header, footer and account menu list the
 * entries with a nav label, the dashboard shows the entries with a tile, and the hosting (CloudFront's
 * site-routing function and the preview server) serves the SPA shell at every path that is not public.
 * Blog posts and the not-found page are not here: the blog's build lists the posts, and not-found is
 * whatever no screen matches. Data only: no React, no icons (the web maps the icon names).
 */

/**
 * Who a screen is for and what it loads:
 * - `public`: a page for everyone, prerendered to its own HTML; it loads no auth or API code;
 * - `auth`: part of the app (auth and the API load, the SPA shell serves it) but no sign-in is asked:
 *   the sign-in page itself, Meta's OAuth return, a shared report, an invitation's landing page;
 * - `user`: signed in only; a visitor is sent to sign in and brought back.
 */
export type ScreenAccess = 'public' | 'auth' | 'user';

/**
 * Where a screen's link is shown: `main` in the header (and the footer), `app` in the signed-in app's bar,
 * `legal` in the footer only, `account` in the account menu.
 */
export type NavMenu = 'main' | 'app' | 'legal' | 'account';

/** The icons screens may name; the web maps each to its component (web/src/lib/screen-icons.ts). */
export type ScreenIcon =
  | 'megaphone'
  | 'pen-line'
  | 'wand'
  | 'bar-chart'
  | 'sparkles'
  | 'image'
  | 'pie-chart'
  | 'users'
  | 'bell'
  | 'scroll-text';

export interface ScreenNav {
  /** The link's text (tests find the link by it). */
  label: string;
  menu: NavMenu;
  /** Shown before the label where the menu has icons (the account menu). */
  icon?: ScreenIcon;
}

export interface DashboardTile {
  title: string;
  /** One line: what the tool does for a marketer. */
  description: string;
  icon: ScreenIcon;
  /** True while the screen's page still renders the ComingSoon placeholder (the tile says "Coming soon"). */
  comingSoon?: true;
}

export interface ScreenDeclaration {
  /** The router's path; `:name` segments are parameters. */
  path: string;
  access: ScreenAccess;
  /** `operator`: the deployment's operators' page (shared/operators.ts): hidden from others' menus, refused to them. */
  role?: 'operator';
  nav?: ScreenNav;
  tile?: DashboardTile;
}

/** In each menu's order: a menu lists its screens in the order they appear here. */
export const screens = {
  home: { path: '/', access: 'public' },
  about: { path: '/about', access: 'public', nav: { label: 'About', menu: 'main' } },
  howItWorks: { path: '/how-it-works', access: 'public', nav: { label: 'How it works', menu: 'main' } },
  pricing: { path: '/pricing', access: 'public', nav: { label: 'Pricing', menu: 'main' } },
  blog: { path: '/blog', access: 'public', nav: { label: 'Blog', menu: 'main' } },
  contact: { path: '/contact', access: 'public', nav: { label: 'Contact', menu: 'main' } },
  privacy: { path: '/privacy', access: 'public', nav: { label: 'Privacy', menu: 'legal' } },
  terms: { path: '/terms', access: 'public', nav: { label: 'Terms', menu: 'legal' } },
  security: { path: '/security', access: 'public', nav: { label: 'Security & data', menu: 'legal' } },
  auth: { path: '/auth', access: 'auth' },
  /** Where Meta's OAuth dialog returns; registered as a redirect URI in the Meta app. */
  metaCallback: { path: '/auth/meta/callback', access: 'auth' },
  dashboard: { path: '/dashboard', access: 'user', nav: { label: 'Dashboard', menu: 'app' } },
  campaigns: {
    path: '/campaigns',
    access: 'user',
    nav: { label: 'Campaigns', menu: 'app' },
    tile: { title: 'Campaigns', description: 'Your Meta campaigns and their results.', icon: 'megaphone' },
  },
  adCopy: {
    path: '/ad-copy',
    access: 'user',
    nav: { label: 'Ad copy', menu: 'app' },
    tile: {
      title: 'Ad copy generator',
      description: 'Headlines, primary text and calls to action in several angles.',
      icon: 'pen-line',
    },
  },
  campaignGenerator: {
    path: '/campaign-generator',
    access: 'user',
    nav: { label: 'Campaign generator', menu: 'app' },
    tile: { title: 'Campaign generator', description: 'Build a campaign from a goal and a budget.', icon: 'wand' },
  },
  optimizer: {
    path: '/optimizer',
    access: 'user',
    nav: { label: 'Optimizer', menu: 'app' },
    tile: { title: 'Optimizer', description: 'Recommendations across your campaigns.', icon: 'bar-chart' },
  },
  /** Automation rules (the Optimizer's Rules tab). */
  optimizerRules: { path: '/optimizer/rules', access: 'user' },
  /** Applied recommendations, predicted against actual (the Optimizer's Applied tab). */
  optimizerApplied: { path: '/optimizer/applied', access: 'user' },
  adOptimizer: {
    path: '/ad-optimizer',
    access: 'user',
    nav: { label: 'Ad optimizer', menu: 'app' },
    tile: { title: 'Ad optimizer', description: 'Improve the copy and creative of an ad.', icon: 'sparkles' },
  },
  /** Creative elements ranked across an ad account's ads, with significance and weekly series (issue 29). */
  creativeReport: {
    path: '/creative-report',
    access: 'user',
    nav: { label: 'Creative report', menu: 'app' },
    tile: { title: 'Creative report', description: 'Which headlines, offers and formats win.', icon: 'bar-chart' },
  },
  /** The workspace's weekly or monthly report: settings, preview, PDF, sends (issue 28, req 4). */
  reports: {
    path: '/reports',
    access: 'user',
    nav: { label: 'Reports', menu: 'app' },
    tile: {
      title: 'Reports',
      description: 'A branded report that emails itself weekly or monthly.',
      icon: 'scroll-text',
    },
  },
  /** Pixel and Conversions API health per ad account (issue 27). */
  signals: {
    path: '/signals',
    access: 'user',
    nav: { label: 'Signals', menu: 'app' },
    tile: { title: 'Signals', description: 'What Meta receives from your pixel and server.', icon: 'bell' },
  },
  /**
   * Every workspace the person belongs to against the targets its agency set (issue 28, req 2). The app bar shows
   * it only to someone with several workspaces (web/src/lib/workspace/client-screens.ts).
   */
  agencyOverview: {
    path: '/agency',
    access: 'user',
    nav: { label: 'Agency overview', menu: 'app' },
  },
  /** Custom audiences per ad account: customer lists, website visitors, lookalikes (issue 30). */
  audiences: {
    path: '/audiences',
    access: 'user',
    nav: { label: 'Audiences', menu: 'app' },
    tile: { title: 'Audiences', description: 'Customer lists, site visitors and lookalikes.', icon: 'users' },
  },
  adsGraphicsGenerator: {
    path: '/ads-graphics-generator',
    access: 'user',
    nav: { label: 'Graphics generator', menu: 'app' },
    tile: { title: 'Graphics generator', description: 'Ad visuals for every placement.', icon: 'image' },
  },
  marketingMix: {
    path: '/marketing-mix',
    access: 'user',
    nav: { label: 'Marketing mix', menu: 'app' },
    tile: {
      title: 'Marketing mix',
      description: 'What each channel is worth and where the next dollar should go.',
      icon: 'pie-chart',
    },
  },
  /** One saved model's report (`:id` = the model id); the owner's, signed in. */
  marketingMixReport: { path: '/marketing-mix/report/:id', access: 'user' },
  /** A report opened through a signed share link: read-only, no sign-in. */
  marketingMixShared: { path: '/marketing-mix/shared/:token', access: 'auth' },
  /** One place for the account's settings: profile, plan and billing, AI connection, and the way to the team. */
  settings: { path: '/settings', access: 'user' },
  /** The workspace's team: members, invitations, seats (account menu). */
  settingsTeam: { path: '/settings/team', access: 'user', nav: { label: 'Team', menu: 'account', icon: 'users' } },
  /** Where this deployment sends its notifications and what it sent: its operators' page (account menu). */
  settingsNotifications: {
    path: '/settings/notifications',
    access: 'user',
    role: 'operator',
    nav: { label: 'Notifications', menu: 'account', icon: 'bell' },
  },
  /** This tab's error log (account menu). */
  settingsErrors: {
    path: '/settings/errors',
    access: 'user',
    nav: { label: 'Error log', menu: 'account', icon: 'scroll-text' },
  },
  /** Where an emailed invitation link lands (`?token=`): sign in or up with the invited address, then accept. */
  teamJoin: { path: '/team/join', access: 'auth' },
  /** Plans sent to the workspace's client for approval (issue 28, req 3): the client reads and answers them here. */
  approvals: { path: '/approvals', access: 'user', nav: { label: 'Approvals', menu: 'app' } },
  /** A plan sent for approval by a signed link: read and answered once, without an account. */
  approvalLink: { path: '/approve/:token', access: 'auth' },
  /** An agency's onboarding link (issue 28, req 5): its client connects Meta to their workspace, without an account. */
  clientOnboarding: { path: '/onboard/:token', access: 'auth' },
} as const satisfies Record<string, ScreenDeclaration>;

export type Screens = typeof screens;
export type ScreenKey = keyof Screens;

/** Every screen with its key, in the table's order. */
export const screenEntries = (Object.keys(screens) as ScreenKey[]).map((key) => ({
  key,
  ...(screens[key] as ScreenDeclaration),
}));

/** A menu's links, in the table's order. */
export function navLinks(
  menu: NavMenu,
): { key: ScreenKey; to: string; label: string; icon?: ScreenIcon; operatorOnly?: true }[] {
  return screenEntries.flatMap(({ key, path, nav, role }) =>
    nav?.menu === menu
      ? [
          {
            key,
            to: path,
            label: nav.label,
            ...(nav.icon ? { icon: nav.icon } : {}),
            ...(role === 'operator' ? { operatorOnly: true as const } : {}),
          },
        ]
      : [],
  );
}

/** The dashboard's tiles, in the table's order. */
export function dashboardTiles(): ({ key: ScreenKey; path: string } & DashboardTile)[] {
  return screenEntries.flatMap(({ key, path, tile }) => (tile ? [{ key, path, ...tile }] : []));
}

/** A path without its parameters: `/marketing-mix/report/:id` → `/marketing-mix/report`. */
function fixedPrefix(path: string): string {
  const cut = path.indexOf('/:');
  return cut === -1 ? path : path.slice(0, cut);
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The path prefixes served the SPA shell with a 200 (a path equal to one, or under it): every screen that is
 * not public, with the paths another prefix already covers left out. Also the paths robots.txt disallows.
 */
export function appShellPaths(): string[] {
  const prefixes = [
    ...new Set(screenEntries.filter((screen) => screen.access !== 'public').map((screen) => fixedPrefix(screen.path))),
  ];
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && within(prefix, other)));
}
