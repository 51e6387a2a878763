import { ArrowRight, BarChart3, Image, Megaphone, PenLine, PieChart, Sparkles, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { useAuth } from '@web/lib/auth/use-auth';
import { webPaths } from '@shared/web-paths';

const tools = [
  {
    to: webPaths.campaigns,
    icon: Megaphone,
    title: 'Campaigns',
    text: 'Your Meta campaigns and their results.',
    live: true,
  },
  {
    to: '/ad-copy',
    icon: PenLine,
    title: 'Ad copy generator',
    text: 'Headlines, primary text and calls to action in several angles.',
    live: true,
  },
  {
    to: '/campaign-generator',
    icon: Wand2,
    title: 'Campaign generator',
    text: 'Build a campaign from a goal and a budget.',
  },
  { to: '/optimizer', icon: BarChart3, title: 'Optimizer', text: 'Recommendations across your campaigns.' },
  { to: '/ad-optimizer', icon: Sparkles, title: 'Ad optimizer', text: 'Improve the copy and creative of an ad.' },
  { to: '/ads-graphics-generator', icon: Image, title: 'Graphics generator', text: 'Ad visuals for every placement.' },
  {
    to: webPaths.marketingMix,
    icon: PieChart,
    title: 'Marketing mix',
    text: 'What each channel is worth and where the next dollar should go.',
    live: true,
  },
];

/** The greeting and the tools; `children` (composed by the route) goes between them, e.g. Meta performance. */
export function DashboardOverview({ children }: { children?: ReactNode }) {
  const { currentUser } = useAuth();
  const firstName = currentUser?.displayName?.split(' ')[0];
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
        <p className="mt-1 text-muted-foreground">Your advertising workspace. Here is where things stand.</p>
      </div>

      {children}

      <section aria-labelledby="tools-heading">
        <h2 id="tools-heading" className="text-lg font-semibold">
          Your tools
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {tools.map(({ to, icon: Icon, title, text, live }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-lg border bg-card p-5 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <div className="flex items-center justify-between">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {live ? <Badge variant="success">Live</Badge> : <Badge variant="outline">Coming soon</Badge>}
                </div>
                <span className="mt-4 font-medium">{title}</span>
                <span className="mt-1 text-sm text-muted-foreground">{text}</span>
                <ArrowRight
                  aria-hidden="true"
                  className="mt-4 size-4 text-muted-foreground transition-transform group-hover:translate-x-1"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
