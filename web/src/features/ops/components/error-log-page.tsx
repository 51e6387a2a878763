import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { clearErrorLog, getErrorLog, type ErrorLogEntry } from '@web/lib/errors/error-log';
import { severityFor } from '@web/lib/errors/handle-error';

/** The error log view refreshes every 30 s; its recent windows are 5 minutes and 24 hours. */
export const ERROR_LOG_REFRESH_MS = 30_000;
const FIVE_MINUTES_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export function countSince(entries: readonly ErrorLogEntry[], windowMs: number, now: number): number {
  return entries.filter((e) => now - Date.parse(e.timestamp) <= windowMs).length;
}

const SEVERITY_STYLE = {
  critical: 'bg-destructive/15 text-destructive',
  warning: 'bg-warning/15 text-warning',
  info: 'bg-secondary text-secondary-foreground',
} as const;

/** The in-memory error log of this browser tab, for the signed-in user. */
export function ErrorLogPage() {
  const [entries, setEntries] = useState(() => getErrorLog());
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      setEntries(getErrorLog());
      setNow(Date.now());
    }, ERROR_LOG_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const onClear = () => {
    clearErrorLog();
    setEntries([]);
    toast.success('Error log cleared');
  };

  const newestFirst = [...entries].reverse();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10">
      <PageHeader
        eyebrow="Settings"
        title="Error log"
        description="Errors this browser tab met since it was opened. Kept in memory only; refreshed every 30 seconds."
        actions={
          <Button variant="outline" onClick={onClear} disabled={entries.length === 0}>
            <Trash2 aria-hidden="true" /> Clear
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription>Last 5 minutes</CardDescription>
            <CardTitle className="text-3xl" aria-label="Errors in the last 5 minutes">
              {countSince(entries, FIVE_MINUTES_MS, now)}
            </CardTitle>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Last 24 hours</CardDescription>
            <CardTitle className="text-3xl" aria-label="Errors in the last 24 hours">
              {countSince(entries, DAY_MS, now)}
            </CardTitle>
          </CardHeader>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Entries</CardTitle>
        </CardHeader>
        <CardContent>
          {newestFirst.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No errors logged. Anything that goes wrong will be listed here.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Error log entries">
              {newestFirst.map((entry, index) => {
                const severity = severityFor(entry.code, entry.message);
                return (
                  <li key={`${entry.timestamp}-${index}`} className="rounded-md border p-3 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge className={SEVERITY_STYLE[severity]}>{severity}</Badge>
                      <code className="font-mono text-xs">{entry.code}</code>
                      <time className="ml-auto text-xs text-muted-foreground" dateTime={entry.timestamp}>
                        {new Date(entry.timestamp).toLocaleString()}
                      </time>
                    </div>
                    <p className="mt-2 break-words">{entry.message}</p>
                    <p className="mt-1 break-all text-xs text-muted-foreground">
                      {entry.context.component ? `${entry.context.component} · ` : ''}
                      {entry.context.url}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
