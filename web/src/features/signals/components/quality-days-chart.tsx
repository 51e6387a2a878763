import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SignalsQualityDay } from '@shared/schemas/signals';

export const FREQUENCY_WORDS: Readonly<Record<string, string>> = {
  real_time: 'As they happen',
  hourly: 'Hours late',
  daily: 'A day late',
};

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/**
 * Meta's own scores for one event, day by day as Adsmith recorded them: match quality and how late the server
 * events arrive (Meta's upload frequency). Meta reports these for the last 7 days as of now only, so the days
 * before Adsmith first read the pixel are missing rather than guessed.
 */
export function QualityDaysChart({ eventName, days }: { eventName: string; days: SignalsQualityDay[] }) {
  const points = days.map((day) => {
    const event = day.events.find((entry) => entry.eventName === eventName);
    return {
      day: day.day,
      label: dayLabel(day.day),
      quality: event?.matchQuality,
      arrives: event?.uploadFrequency ? (FREQUENCY_WORDS[event.uploadFrequency] ?? event.uploadFrequency) : undefined,
    };
  });
  const scored = points.filter((point) => point.quality !== undefined);
  return (
    <div className="grid gap-2" aria-label={`${eventName}: Meta’s scores by day`}>
      {scored.length < 2 ? (
        <p className="text-sm text-muted-foreground">
          {scored.length === 0
            ? `Meta gives ${eventName} no match quality: it has no server events.`
            : 'Match quality by day appears from the second day Adsmith reads this pixel (Meta reports only today’s).'}
        </p>
      ) : (
        <figure className="h-48">
          <figcaption className="text-sm text-muted-foreground">
            {eventName}: Meta’s match quality by day, as recorded (0–10)
          </figcaption>
          <ResponsiveContainer width="100%" height="88%">
            <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} />
              <YAxis domain={[0, 10]} tick={{ fontSize: 11 }} width={32} />
              <Tooltip />
              <Line dataKey="quality" name="Match quality" stroke="var(--color-primary)" connectNulls={false} />
            </LineChart>
          </ResponsiveContainer>
        </figure>
      )}
      {points.some((point) => point.arrives) ? (
        <table className="w-full text-sm">
          <caption className="mb-1 text-left text-muted-foreground">
            When {eventName} server events reach Meta, by day
          </caption>
          <tbody>
            {points.map((point) => (
              <tr key={point.day} className="border-t">
                <th scope="row" className="py-1 text-left font-normal">
                  {point.label}
                </th>
                <td className={point.arrives && point.arrives !== FREQUENCY_WORDS.real_time ? 'font-medium' : ''}>
                  {point.arrives ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
