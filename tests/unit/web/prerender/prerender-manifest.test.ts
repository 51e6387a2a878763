import { describe, expect, it } from 'vitest';
import { appShellPaths } from '@shared/screens';
import { webPaths } from '@shared/web-paths';
import { resolveSitePath } from '@web/prerender/prerender-manifest';
import { site } from '@tests/unit/web/support/site-posts';

/** The public pages, prerendered each to its own HTML; every other fixed path belongs to the signed-in app. */
const PUBLIC = new Set<string>([
  webPaths.home,
  webPaths.about,
  webPaths.howItWorks,
  webPaths.pricing,
  webPaths.blog,
  webPaths.contact,
  webPaths.privacy,
  webPaths.terms,
  webPaths.security,
]);

describe('signed-in paths', () => {
  const manifest = { siteUrl: 'https://ads.example.com', pages: [...PUBLIC], appPaths: appShellPaths() };
  const appPaths = Object.values(webPaths)
    .filter((path) => !PUBLIC.has(path))
    .map((path) => path.replace(/:[a-z]+/gi, 'abc123'));

  it.each(appPaths)('%s is served the app shell with a 200, not the not-found page', (path) => {
    expect(resolveSitePath(path, manifest)).toEqual({ file: 'app.html', status: 200 });
  });
});

describe('resolveSitePath (what CloudFront and the preview server serve)', () => {
  const manifest = {
    siteUrl: site,
    pages: ['/', '/pricing', '/facebook-ads-guide-2025'],
    appPaths: ['/auth', '/dashboard'],
  };
  it.each([
    ['/', 'index.html', 200],
    ['/pricing', 'pricing/index.html', 200],
    ['/pricing/', 'pricing/index.html', 200],
    ['/facebook-ads-guide-2025', 'facebook-ads-guide-2025/index.html', 200],
    ['/dashboard', 'app.html', 200],
    ['/auth/meta/callback', 'app.html', 200],
    ['/authx', '404.html', 404],
    ['/no-such-page', '404.html', 404],
  ])('%s → %s (%i)', (url, file, status) => {
    expect(resolveSitePath(url, manifest)).toEqual({ file, status });
  });
});
