import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DeliveryDay } from '@shared/schemas/signals-endpoint';
import { ageScale, inScale } from '../lib/age-scale';

const dayLabel = (end: string) => new Date(end).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/**
 * Freshness over the week: how old the endpoint's events were when Meta got them, per day. Meta optimises on recent
 * events, so a line that climbs means the site (or the queue) holds events back.
 */
export function EndpointFreshnessChart({ days }: { days: DeliveryDay[] }) {
  if (days.every((day) => day.meanAgeMs === undefined))
    return <p className="text-sm text-muted-foreground">No event reached Meta through your endpoint this week.</p>;
  const scale = ageScale(Math.max(...days.map((day) => day.maxAgeMs ?? 0)));
  const points = days.map((day) => ({
    label: dayLabel(day.end),
    mean: inScale(day.meanAgeMs, scale),
    longest: inScale(day.maxAgeMs, scale),
    delivered: day.delivered,
  }));
  return (
    <figure className="h-56">
      <figcaption className="text-sm text-muted-foreground">
        Age of your endpoint’s events when Meta received them, per day ({scale.unit}): from when they happened, so a
        site that batches its events shows here too
      </figcaption>
      <ResponsiveContainer width="100%" height="88%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 11 }} width={48} unit={` ${scale.unit}`} />
          <Tooltip />
          <Legend />
          <Line dataKey="mean" name="Average" stroke="var(--color-primary)" connectNulls={false} />
          <Line dataKey="longest" name="Oldest" stroke="var(--color-chart-3, #d97706)" connectNulls={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
