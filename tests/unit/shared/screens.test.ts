import { describe, expect, it } from 'vitest';
import { appShellPaths, dashboardTiles, navLinks, screenEntries, screens } from '@shared/screens';
import { webPaths } from '@shared/web-paths';

/** A concrete URL for a screen's path: each `:param` filled in. */
const sample = (path: string) => path.replace(/:[a-z]+/gi, 'abc123');
const servedTheShell = (url: string) =>
  appShellPaths().some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

describe('the screens table', () => {
  it('gives each screen its own path', () => {
    const paths = screenEntries.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is where webPaths come from: one path per screen, by its key', () => {
    expect(webPaths).toEqual(Object.fromEntries(screenEntries.map(({ key, path }) => [key, path])));
  });

  it('serves the app shell at every screen that is not public, and at no public one', () => {
    for (const screen of screenEntries) {
      expect(servedTheShell(sample(screen.path)), `${screen.key} ${screen.path}`).toBe(screen.access !== 'public');
    }
  });

  it('lists each app-shell prefix once, none inside another', () => {
    const prefixes = appShellPaths();
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) {
      expect(
        prefixes.filter((other) => prefix.startsWith(`${other}/`)),
        prefix,
      ).toEqual([]);
    }
  });

  it('keeps the app-shell paths the site has always served', () => {
    expect(new Set(appShellPaths())).toEqual(
      new Set([
        '/auth',
        '/dashboard',
        '/campaigns',
        '/ad-copy',
        '/campaign-generator',
        '/optimizer',
        '/ad-optimizer',
        '/creative-report',
        // Reports that send themselves (issue 28, req 4): settings, preview, PDF, sends.
        '/reports',
        '/signals',
        '/agency',
        '/audiences',
        '/ads-graphics-generator',
        '/marketing-mix',
        // Since issue 25 /settings is a page itself (it was a 404), so its prefix covers the settings screens.
        '/settings',
        '/team/join',
        // Client approvals (issue 28, req 3): the client's list, and the page a signed link opens.
        '/approvals',
        '/approve',
        // Client onboarding (issue 28, req 5): the page an agency's link opens.
        '/onboard',
      ]),
    );
  });

  it('puts every screen with a nav label in its menu, in the table order, and no other', () => {
    for (const menu of ['main', 'app', 'legal', 'account'] as const) {
      const expected = screenEntries.filter((screen) => screen.nav?.menu === menu);
      expect(navLinks(menu).map((link) => [link.to, link.label])).toEqual(
        expected.map((screen) => [screen.path, screen.nav!.label]),
      );
    }
  });

  it('keeps the public menu for public screens and the app and account menus for signed-in ones', () => {
    for (const screen of screenEntries) {
      if (!screen.nav) continue;
      const publicMenu = screen.nav.menu === 'main' || screen.nav.menu === 'legal';
      expect(screen.access === 'public', `${screen.key} in the ${screen.nav.menu} menu`).toBe(publicMenu);
    }
  });

  it('gives a dashboard tile only to signed-in screens, each once, in the table order', () => {
    const tiles = dashboardTiles();
    expect(tiles.map((tile) => tile.key)).toEqual(screenEntries.filter((s) => s.tile).map((s) => s.key));
    for (const tile of tiles) expect(screens[tile.key].access, tile.key).toBe('user');
  });
});
