import { BarChart3, Image, Megaphone, PenLine, PieChart, Sparkles, Wand2, type LucideIcon } from 'lucide-react';
import { webPaths } from '@shared/web-paths';

export interface AppTool {
  path: (typeof webPaths)[keyof typeof webPaths];
  icon: LucideIcon;
  title: string;
  /** One line: what the tool does for a marketer. */
  text: string;
  /**
   * Whether the tool's screen is built. False while its route still renders the ComingSoon placeholder
   * (tests/unit/web/lib/app-tools.test.ts reads the route files, so the two cannot drift apart).
   */
  available: boolean;
}

/** The tools of the signed-in app, in the order the dashboard shows them. */
export const appTools: readonly AppTool[] = [
  {
    path: webPaths.campaigns,
    icon: Megaphone,
    title: 'Campaigns',
    text: 'Your Meta campaigns and their results.',
    available: true,
  },
  {
    path: webPaths.adCopy,
    icon: PenLine,
    title: 'Ad copy generator',
    text: 'Headlines, primary text and calls to action in several angles.',
    available: true,
  },
  {
    path: webPaths.campaignGenerator,
    icon: Wand2,
    title: 'Campaign generator',
    text: 'Build a campaign from a goal and a budget.',
    available: true,
  },
  {
    path: webPaths.optimizer,
    icon: BarChart3,
    title: 'Optimizer',
    text: 'Recommendations across your campaigns.',
    available: true,
  },
  {
    path: webPaths.adOptimizer,
    icon: Sparkles,
    title: 'Ad optimizer',
    text: 'Improve the copy and creative of an ad.',
    available: true,
  },
  {
    path: webPaths.adsGraphicsGenerator,
    icon: Image,
    title: 'Graphics generator',
    text: 'Ad visuals for every placement.',
    available: true,
  },
  {
    path: webPaths.marketingMix,
    icon: PieChart,
    title: 'Marketing mix',
    text: 'What each channel is worth and where the next dollar should go.',
    available: true,
  },
];
