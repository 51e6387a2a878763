import { BarChart3, Bell, Image, Megaphone, PenLine, PieChart, ScrollText, Sparkles, Users, Wand2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ScreenIcon } from '@shared/screens';

/** The component for each icon name shared/screens.ts may use (tiles, menus). */
export const screenIcons: Record<ScreenIcon, LucideIcon> = {
  megaphone: Megaphone,
  'pen-line': PenLine,
  wand: Wand2,
  'bar-chart': BarChart3,
  sparkles: Sparkles,
  image: Image,
  'pie-chart': PieChart,
  users: Users,
  bell: Bell,
  'scroll-text': ScrollText,
};
