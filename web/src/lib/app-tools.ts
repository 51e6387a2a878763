import type { LucideIcon } from 'lucide-react';
import { dashboardTiles } from '@shared/screens';
import type { WebPath } from '@shared/web-paths';
import { screenIcons } from './screen-icons';

export interface AppTool {
  path: WebPath;
  icon: LucideIcon;
  title: string;
  /** One line: what the tool does for a marketer. */
  text: string;
  /**
   * Whether the tool's screen is built. False while its page still renders the ComingSoon placeholder
   * (tests/unit/web/lib/app-tools.test.tsx reads the page files, so the two cannot drift apart).
   */
  available: boolean;
}

/** The tools of the signed-in app, in the order the dashboard shows them: the screens with a tile. */
export const appTools: readonly AppTool[] = dashboardTiles().map((tile) => ({
  path: tile.path as WebPath,
  icon: screenIcons[tile.icon],
  title: tile.title,
  text: tile.description,
  available: !tile.comingSoon,
}));
