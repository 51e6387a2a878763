import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SignalsDay, SignalsQualityDay } from '@shared/schemas/signals';
import { NativeSelect } from '@web/components/ui/select-field';
import { QualityDaysChart } from './quality-days-chart';

const dayLabel = (end: string) => new Date(end).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/**
 * The pixel's week day by day, from Meta's own stats: one event's browser and server volume (the marketer picks the
 * event), and the server events' de-duplication and email / phone shares, which drive double counting and match
 * quality; then Meta's scores for the event as recorded each day. A line that falls here is what the alerts watch.
 */
export function PixelHistoryCharts({
  pixelName,
  history,
  qualityDays,
}: {
  pixelName: string;
  history: SignalsDay[];
  qualityDays: SignalsQualityDay[];
}) {
  const selectId = useId();
  const names = [...new Set(history.flatMap((day) => day.events.map((event) => event.eventName)))].sort();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const eventName = picked && names.includes(picked) ? picked : (names.find((name) => name === 'Purchase') ?? names[0]);
  if (!eventName) return <p className="text-sm text-muted-foreground">Meta received no events in the last 7 days.</p>;

  const volume = history.map((day) => {
    const event = day.events.find((entry) => entry.eventName === eventName);
    return { label: dayLabel(day.end), browser: event?.browser ?? 0, server: event?.server ?? 0 };
  });
  const shares = history.map((day) => ({
    label: dayLabel(day.end),
    deduplicated: day.serverDeduplicated,
    email: day.serverWithEmail,
    phone: day.serverWithPhone,
  }));
  return (
    <div className="grid gap-4" aria-label={`${pixelName}: the last 7 days`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 className="font-medium">The last 7 days, day by day</h3>
        <label htmlFor={selectId} className="grid gap-1 text-sm">
          Event
          <NativeSelect id={selectId} value={eventName} onChange={(change) => setPicked(change.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <figure className="h-56">
          <figcaption className="text-sm text-muted-foreground">
            {eventName}: events from the browser and the server
          </figcaption>
          <ResponsiveContainer width="100%" height="90%">
            <BarChart data={volume} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
              <Tooltip />
              <Legend />
              <Bar dataKey="browser" name="Browser (pixel)" fill="var(--color-muted-foreground)" />
              <Bar dataKey="server" name="Server" fill="var(--color-primary)" />
            </BarChart>
          </ResponsiveContainer>
        </figure>
        <figure className="h-56">
          <figcaption className="text-sm text-muted-foreground">
            Server events (all events): de-duplicated against the pixel, with email, with phone (%)
          </figcaption>
          <ResponsiveContainer width="100%" height="90%">
            <LineChart data={shares} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} />
              <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} width={40} unit=" %" />
              <Tooltip />
              <Legend />
              <Line dataKey="deduplicated" name="De-duplicated" stroke="var(--color-primary)" connectNulls />
              <Line dataKey="email" name="With email" stroke="var(--color-chart-2, #16a34a)" connectNulls />
              <Line dataKey="phone" name="With phone" stroke="var(--color-chart-3, #d97706)" connectNulls />
            </LineChart>
          </ResponsiveContainer>
        </figure>
      </div>
      <QualityDaysChart eventName={eventName} days={qualityDays} />
    </div>
  );
}
