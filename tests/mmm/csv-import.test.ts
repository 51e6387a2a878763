/** CSV upload: parsing, a proposed mapping, and row-by-row validation with clear messages. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCsv, parseCsv, proposeMapping } from '@shared/mmm/csv-import';

const fixture = (file: string) =>
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/mmm', file), 'utf8');

const weekly = (rows: string[]) => ['date,revenue,tv_spend,search_spend', ...rows].join('\n');
const goodRows = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2024, 0, 1 + 7 * i)).toISOString().slice(0, 10);
  return `${d},${1000 + i},${10 * i},${5}`;
});

describe('CSV import', () => {
  it("imports Robyn's demo file with the proposed mapping (label events become indicators)", () => {
    const csv = parseCsv(fixture('robyn_dt_simulated_weekly.csv'));
    const mapping = proposeMapping(csv.header);
    expect(mapping).toMatchObject({
      date: 'DATE',
      kpi: 'revenue',
      events: ['events'],
      controls: ['competitor_sales_B'],
    });
    expect(mapping.spend).toEqual(['tv_S', 'ooh_S', 'print_S', 'search_S', 'facebook_S']);
    const result = importCsv(csv, mapping);
    if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
    expect(result.data.dates).toHaveLength(208);
    expect(result.data.controls.map((c) => c.name)).toEqual(['competitor_sales_B', 'events_event1', 'events_event2']);
    expect(result.data.controls[1]!.values.filter((v) => v === 1)).toHaveLength(1);
  });

  it('parses quoted fields, doubled quotes and CRLF', () => {
    expect(parseCsv('a,"b,c"\r\n1,"say ""hi"""\r\n')).toEqual({ header: ['a', 'b,c'], rows: [['1', 'say "hi"']] });
    expect(() => parseCsv('a,b\n1,"open')).toThrow(/quoted/);
  });

  it('names every bad row: dates, gaps, negatives, non-numbers, missing fields', () => {
    const rows = [...goodRows];
    rows[2] = rows[2]!.replace(/^\d{4}-\d{2}-\d{2}/, '2024-02-30');
    rows[4] = rows[4]!.replace(/,5$/, ',-5');
    rows[5] = rows[5]!.replace(/,1005,/, ',n/a,');
    rows[7] = rows[7]!.split(',').slice(0, 3).join(',');
    rows.splice(9, 1);
    const result = importCsv(parseCsv(weekly(rows)), {
      date: 'date',
      kpi: 'revenue',
      spend: ['tv_spend', 'search_spend'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.problems.map((p) => `${p.line}:${p.column}:${p.message}`);
    expect(messages).toContain('4:date:"2024-02-30" is not a date (YYYY-MM-DD)');
    expect(messages).toContain('6:search_spend:spend cannot be negative (-5)');
    expect(messages).toContain('7:revenue:"n/a" is not a number');
    expect(messages).toContain('9::3 fields where the header has 4');
    expect(messages.some((m) => m.startsWith('11:date:gap: 14 days'))).toBe(true);
  });

  it('refuses a mapping that names missing or repeated columns', () => {
    const result = importCsv(parseCsv(weekly(goodRows)), {
      date: 'date',
      kpi: 'sales',
      spend: ['tv_spend', 'tv_spend'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.message)).toEqual(['no column named "sales"', 'mapped more than once']);
  });

  it('accepts a clean file', () => {
    const result = importCsv(parseCsv(weekly(goodRows)), {
      date: 'date',
      kpi: 'revenue',
      spend: ['tv_spend', 'search_spend'],
    });
    expect(result.ok && result.data.channels.map((c) => c.name)).toEqual(['tv_spend', 'search_spend']);
  });
});
