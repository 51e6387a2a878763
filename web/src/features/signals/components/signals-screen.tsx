import { Radio } from 'lucide-react';
import type { SignalsPixel } from '@shared/schemas/signals';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useSignalsHealth } from '../api/get-signals-health';
import { PixelDeliveryPanel } from './pixel-delivery-panel';
import { PixelHistoryCharts } from './pixel-history-charts';
import { FREQUENCY_WORDS } from './quality-days-chart';
import { SiteKeysPanel } from './site-keys-panel';

const percent = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} %`);

function PixelHealth({ pixel }: { pixel: SignalsPixel }) {
  return (
    <section aria-labelledby={`pixel-${pixel.id}`} className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <header>
        <h2 id={`pixel-${pixel.id}`} className="text-lg font-semibold">
          {pixel.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          Pixel {pixel.id}
          {pixel.lastFiredTime ? ` · last event received ${new Date(pixel.lastFiredTime).toLocaleString()}` : ''}
        </p>
      </header>
      <div>
        <h3 className="mb-2 font-medium">What to fix first</h3>
        {pixel.fixes.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing to fix: every event arrives, matched and de-duplicated.
          </p>
        ) : (
          <ol className="grid gap-2" aria-label={`Fixes for ${pixel.name}`}>
            {pixel.fixes.map((fix) => (
              <li
                key={`${fix.kind}-${fix.eventName}`}
                className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3"
              >
                <p className="font-medium">{fix.title}</p>
                <p className="text-sm">{fix.detail}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">Events in the last 7 days</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col">Event</th>
              <th scope="col">Received</th>
              <th scope="col">Match quality</th>
              <th scope="col">Server events with event id</th>
              <th scope="col">Server events arrive</th>
              <th scope="col">Last received</th>
            </tr>
          </thead>
          <tbody>
            {pixel.events.map((event) => (
              <tr key={event.eventName} className="border-t">
                <th scope="row" className="py-1 text-left font-medium">
                  {event.eventName}
                </th>
                <td>{event.weekCount.toLocaleString()}</td>
                <td>{event.matchQuality === undefined ? 'Browser only' : `${event.matchQuality.toFixed(1)} / 10`}</td>
                <td>{percent(event.serverWithEventId)}</td>
                <td>
                  {event.uploadFrequency ? (FREQUENCY_WORDS[event.uploadFrequency] ?? event.uploadFrequency) : '—'}
                </td>
                <td>{new Date(event.lastReceived).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PixelHistoryCharts pixelName={pixel.name} history={pixel.history} qualityDays={pixel.qualityDays} />
      {pixel.delivery ? <PixelDeliveryPanel delivery={pixel.delivery} /> : null}
    </section>
  );
}

/** /signals: what Meta receives from the account's pixels and server, and the fixes ranked by what they recover. */
export function SignalsScreen() {
  const selection = useAdAccountSelection();
  const health = useSignalsHealth(selection.uid, selection.accountId);
  return (
    <AdAccountWorkspace
      connect={{
        icon: Radio,
        title: 'Connect Meta to check your signals',
        description:
          'Signals reads what your pixel and your server send to Meta: which events arrive, how well Meta can match them to people, whether they are counted twice, and what to fix first.',
      }}
      selection={selection}
      query={health}
      toolbar={{ idleLabel: 'Read again', busyLabel: 'Reading signals…' }}
      errorTitle="Your signals could not be read"
      loading={
        <div className="grid gap-3" aria-busy="true" aria-label="Reading your signals">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Reading" /> Reading a week of pixel and server events from Meta…
          </p>
          <Skeleton className="h-64 w-full" />
        </div>
      }
    >
      {(data) =>
        data.pixels.length === 0 ? (
          <p className="text-sm text-muted-foreground">This ad account has no pixel yet.</p>
        ) : (
          <div className="grid gap-6">
            {data.pixels.map((pixel) => (
              <PixelHealth key={pixel.id} pixel={pixel} />
            ))}
            {selection.uid && selection.accountId ? (
              <SiteKeysPanel uid={selection.uid} accountId={selection.accountId} pixels={data.pixels} />
            ) : null}
          </div>
        )
      }
    </AdAccountWorkspace>
  );
}
