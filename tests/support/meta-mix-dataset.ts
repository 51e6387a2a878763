/**
 * A marketing-mix dataset of the connected ad account's own business, for the hand-off tests: recent
 * weeks (inside the Meta sandbox's 120 days of history, ending a week before today so Meta reports
 * every day of them), a second channel, and revenue driven by the account's real weekly Meta spend.
 * The upload then adds that spend itself ("use my Meta spend"), so the model's Meta channel is the
 * account's and the hand-off's check that it is (lambdas/lib/mmm/spend-match.ts) passes.
 */

export const MIX_WEEKS = 15;

/** MIX_WEEKS Mondays, the last one at least a week before today. */
export function recentMondays(today = new Date()): string[] {
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  return Array.from({ length: MIX_WEEKS }, (_, i) => {
    const d = new Date(monday);
    d.setUTCDate(d.getUTCDate() - 7 * (MIX_WEEKS - 1 - i));
    return d.toISOString().slice(0, 10);
  });
}

/** Daily spend summed per Monday–Sunday week. */
export function weeklySpend(weeks: readonly string[], daily: readonly { date: string; spend: number }[]): number[] {
  return weeks.map((w, i) =>
    daily
      .filter((d) => d.date >= w && (i + 1 < weeks.length ? d.date < weeks[i + 1]! : d.date <= addDays(w, 6)))
      .reduce((s, d) => s + d.spend, 0),
  );
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The CSV without the Meta column (the upload adds it): revenue is a base plus four times the
 * week's Meta spend plus a little of a TV channel, so the model finds Meta pays far better
 * than TV and moves budget to it.
 */
export function metaMixCsv(weeks: readonly string[], meta: readonly number[]): string {
  const mean = meta.reduce((s, v) => s + v, 0) / meta.length;
  const rows = weeks.map((w, i) => {
    const tv = Math.round(mean * (0.6 + (0.8 * ((i * 7) % 11)) / 10));
    const revenue = Math.round(3 * mean + 4 * meta[i]! + 0.2 * tv);
    return `${w},${revenue},${tv}`;
  });
  return ['week,revenue,tv_spend', ...rows].join('\n');
}

export const META_MIX_MAPPING = { date: 'week', kpi: 'revenue', spend: ['tv_spend'] };
