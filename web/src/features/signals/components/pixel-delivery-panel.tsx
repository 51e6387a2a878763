import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PixelDelivery } from '@shared/schemas/signals-endpoint';
import { EndpointFreshnessChart } from './endpoint-freshness-chart';

const seconds = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** What the first-party endpoint delivered to this pixel: the last 48 hours hour by hour, the week day by day. */
export function PixelDeliveryPanel({ delivery }: { delivery: PixelDelivery }) {
  const total = (key: 'accepted' | 'delivered' | 'rejected' | 'duplicates') =>
    delivery.hours.reduce((sum, hour) => sum + hour[key], 0);
  const delivered = delivery.hours.filter((hour) => hour.delivered > 0);
  const meanDelay =
    delivered.length === 0
      ? undefined
      : delivered.reduce((sum, hour) => sum + (hour.meanDelayMs ?? 0) * hour.delivered, 0) / total('delivered');
  const maxDelay = Math.max(0, ...delivery.hours.map((hour) => hour.maxDelayMs ?? 0));
  const points = delivery.hours.map((hour) => ({ ...hour, label: new Date(hour.hour).toLocaleString() }));
  return (
    <div className="grid gap-3" aria-label="Deliveries from your endpoint">
      <h3 className="font-medium">Your endpoint’s deliveries to Meta (48 hours)</h3>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-6">
        {[
          ['Accepted', total('accepted').toLocaleString()],
          ['Delivered', total('delivered').toLocaleString()],
          ['Waiting', delivery.waiting.toLocaleString()],
          ['Refused by Meta', total('rejected').toLocaleString()],
          ['Sent twice by the site', total('duplicates').toLocaleString()],
          ['Delay to Meta', `${seconds(meanDelay)} (longest ${seconds(maxDelay || undefined)})`],
        ].map(([term, value]) => (
          <div key={term} className="rounded-md border p-2">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {delivery.hours.length === 0 ? (
        <p className="text-sm text-muted-foreground">No event came through your endpoint in the last 48 hours.</p>
      ) : (
        <figure className="h-48">
          <figcaption className="sr-only">Events accepted, delivered and refused per hour</figcaption>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
              <Tooltip />
              <Legend />
              <Bar dataKey="accepted" name="Accepted" fill="var(--color-muted-foreground)" />
              <Bar dataKey="delivered" name="Delivered" fill="var(--color-primary)" />
              <Bar dataKey="rejected" name="Refused" fill="var(--color-destructive)" />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
      <EndpointFreshnessChart days={delivery.days} />
      {delivery.recentRejections.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Meta’s latest refusals">
          {delivery.recentRejections.map((rejection) => (
            <li key={`${rejection.at}-${rejection.eventName}`}>
              <span className="font-medium">{rejection.eventName}</span>: {rejection.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
