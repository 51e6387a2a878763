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
} as const;

export type WebPath = (typeof webPaths)[keyof typeof webPaths];
