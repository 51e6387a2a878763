import type { ReportSend } from '@shared/schemas/reports';
import { cn } from '@web/lib/cn';
import { formatDay } from '@web/lib/format';
import { sendStatus } from '../lib/report-words';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Every send so far, newest period first, with its state and why a failed one failed. */
export function ReportSends({ sends }: { sends: ReportSend[] }) {
  if (sends.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Nothing sent yet: with reports on, the last whole period goes out at the next hour.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Reports sent, newest period first</caption>
        <thead className="bg-muted text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Period
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              State
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Recipients
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {sends.map((send) => {
            const status = sendStatus[send.status];
            return (
              <tr key={send.periodKey} className="border-t align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <span className="font-medium">{send.periodKey}</span>
                  <span className="block text-xs text-muted-foreground">
                    {formatDay(send.since)} – {formatDay(send.until)}
                  </span>
                </th>
                <td className="px-3 py-2">
                  <span
                    className={cn(
                      'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
                      status.className,
                    )}
                  >
                    {status.label}
                  </span>
                  {send.error ? <span className="mt-1 block text-xs text-destructive">{send.error}</span> : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{send.recipients}</td>
                <td className="px-3 py-2 whitespace-nowrap">{when(send.at)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
