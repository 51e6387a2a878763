/**
 * The sample file offered on the marketing-mix upload step: a year of weekly figures for a small online shop, in
 * exactly the shape the upload expects. Its columns are read off SAMPLE_MAPPING (the mapping the upload's own
 * schema validates), so the sample and the validator cannot drift apart; a test feeds the sample through
 * parseCsv → proposeMapping → importCsv. Deterministic (seeded), so the download is the same every time.
 */
import { csvCell } from '../csv-cell';
import { dayNumber, isoFromDay } from './calendar';
import { ColumnMappingSchema, type ColumnMapping } from './csv-import';
import { createRandom } from './random';

export const SAMPLE_MAPPING: ColumnMapping = ColumnMappingSchema.parse({
  date: 'date',
  kpi: 'revenue',
  kpiKind: 'revenue',
  spend: ['facebook_spend', 'google_search_spend', 'tv_spend'],
  controls: ['competitor_price'],
  events: ['holiday_event'],
});

export const SAMPLE_FILE_NAME = 'adsmith-marketing-mix-sample.csv';
const WEEKS = 52;
/** A Monday: weeks start on Mondays, as Meta's and most shops' weekly reports do. */
const FIRST_WEEK = '2025-01-06';

/** The header in mapping order: date, KPI, spend columns, organic, controls, events. */
export function sampleHeader(mapping: ColumnMapping = SAMPLE_MAPPING): string[] {
  return [mapping.date, mapping.kpi, ...mapping.spend, ...mapping.organic, ...mapping.controls, ...mapping.events];
}

/**
 * Weekly spend per channel (a base level, a seasonal swing, flighted TV), revenue driven by it with diminishing
 * returns and some carry-over, a competitor's price that pulls revenue down, and holiday weeks that lift it.
 */
export function sampleCsv(): string {
  const random = createRandom(2025);
  const start = dayNumber(FIRST_WEEK);
  const channels = [
    { base: 1800, swing: 0.25, roi: 3.1, half: 2500 },
    { base: 1200, swing: 0.1, roi: 4.2, half: 1500 },
    { base: 0, swing: 0, roi: 1.6, half: 9000 },
  ];
  const holidays = new Set([20, 46, 47, 50]);
  let carried = channels.map(() => 0);
  const rows = Array.from({ length: WEEKS }, (_, week) => {
    const season = Math.sin((2 * Math.PI * (week - 8)) / WEEKS);
    const spend = channels.map((c, i) => {
      if (i === 2) return week % 13 < 4 ? 6000 + Math.round(random.next() * 2000) : 0; // TV in four-week flights
      return Math.max(0, Math.round(c.base * (1 + c.swing * season) * (0.9 + 0.2 * random.next()) * 100) / 100);
    });
    carried = spend.map((s, i) => s + 0.4 * carried[i]!);
    const media = channels.reduce((sum, c, i) => sum + (c.roi * c.half * carried[i]!) / (c.half + carried[i]!), 0);
    const price = Math.round((24 + 2 * Math.sin(week / 5) + random.normal() * 0.4) * 100) / 100;
    const holiday = holidays.has(week) ? 1 : 0;
    const revenue = Math.round(
      18000 * (1 + 0.15 * season) + media - 350 * (price - 24) + 6000 * holiday + random.normal() * 900,
    );
    const m = SAMPLE_MAPPING;
    const cells = new Map<string, string | number>([
      [m.date, isoFromDay(start + 7 * week)],
      [m.kpi, revenue],
      ...m.spend.map((column, i): [string, number] => [column, spend[i]!]),
      [m.controls[0]!, price],
      [m.events[0]!, holiday],
    ]);
    // Written in the header's order; a column the generator forgot comes out empty and the validator says so.
    return sampleHeader().map((column) => cells.get(column) ?? '');
  });
  return [sampleHeader(), ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
