import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** A report chart in a card: title, what it shows, and a summary for screen readers. */
export function ChartCard({
  title,
  description,
  summary,
  height,
  children,
}: {
  title: string;
  description: string;
  /** What the chart shows, for screen readers. */
  summary: string;
  /** Pixels, when the chart grows with its rows (default 288). */
  height?: number;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-label={title}>
          <div className="h-72 w-full" style={height ? { height } : undefined}>
            {children}
          </div>
          <figcaption className="sr-only">{summary}</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
