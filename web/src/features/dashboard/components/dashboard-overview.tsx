import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@web/components/ui/badge';
import { appTools } from '@web/lib/app-tools';
import { useAuth } from '@web/lib/auth/use-auth';

/** The greeting and the tools; `children` (composed by the route) goes between them, e.g. Meta performance. */
export function DashboardOverview({ children }: { children?: ReactNode }) {
  const { currentUser } = useAuth();
  const firstName = currentUser?.displayName?.split(' ')[0];
  return (
    // content-start: beside a taller account column, rows keep their height instead of stretching apart.
    <div className="grid content-start gap-6">
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
          {appTools.map(({ path, icon: Icon, title, text, available }) => (
            <li key={path}>
              <Link
                to={path}
                className="group flex h-full flex-col rounded-lg border bg-card p-5 shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <div className="flex items-center justify-between">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {available ? <Badge variant="success">Live</Badge> : <Badge variant="outline">Coming soon</Badge>}
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
