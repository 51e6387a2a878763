/** The header's links; app links are shown only to a signed-in user. */
export const publicLinks = [
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
] as const;

export const appLinks = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/campaign-generator', label: 'Campaign generator' },
  { to: '/optimizer', label: 'Optimizer' },
  { to: '/ad-optimizer', label: 'Ad optimizer' },
  { to: '/ads-graphics-generator', label: 'Graphics generator' },
] as const;

/** Paths search engines should not crawl: sign-in and the signed-in app (robots.txt). */
export const SIGNED_IN_PATHS = ['/auth', ...appLinks.map((link) => link.to)] as const;

/** The footer's extra links: the policies (Meta's app review asks for a reachable privacy policy). */
export const legalLinks = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
] as const;
