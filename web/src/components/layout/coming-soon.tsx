import { Clock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { Card, CardContent } from '../ui/card';
import { PageHeader } from './page-header';

export interface ComingSoonProps {
  title: string;
  icon: LucideIcon;
  /** What the screen will do, in plain words. */
  summary: string;
  /** What the user will be able to do, so they know what to expect. */
  plans: string[];
  children?: ReactNode;
}

/** An honest placeholder for screens not built yet: says what is coming, shows no invented data. */
export function ComingSoon({ title, icon: Icon, summary, plans, children }: ComingSoonProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageHeader title={title} description={summary} />
      <Card className="mt-8 overflow-hidden">
        <div className="flex flex-col gap-6 p-8 sm:flex-row sm:items-start">
          <div className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-pink-600 text-white shadow-md">
            <Icon aria-hidden="true" className="size-7" />
          </div>
          <div className="flex-1">
            <Badge className="gap-1">
              <Clock aria-hidden="true" className="size-3" /> Coming soon
            </Badge>
            <h2 className="mt-3 text-lg font-semibold">This part of {title.toLowerCase()} is not available yet</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              We are building it now. When it ships you will be able to:
            </p>
            <ul className="mt-4 grid gap-2 text-sm">
              {plans.map((plan) => (
                <li key={plan} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                  {plan}
                </li>
              ))}
            </ul>
          </div>
        </div>
        {children ? <CardContent className="border-t bg-muted/40 pt-6">{children}</CardContent> : null}
      </Card>
    </div>
  );
}
