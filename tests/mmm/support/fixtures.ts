/** The public reference data sets, copied into tests/fixtures/mmm so CI needs nothing outside the repo. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetSchema, type MmmDataset } from '@shared/mmm/spec';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/mmm');

export function readCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path.join(dir, file), 'utf8').trim().split(/\r?\n/);
  const names = header!.split(',').map((h) => h.replace(/"/g, ''));
  return lines.map((line) => {
    const cells = line.split(',').map((c) => c.replace(/"/g, ''));
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;
}

/** PyMC-Marketing's mmm_example: y, spend x1 and x2, two events. */
export function pymcExample(): MmmDataset {
  const rows = readCsv('pymc_marketing_mmm_example.csv');
  const col = (name: string) => rows.map((r) => Number(r[name]));
  return DatasetSchema.parse({
    dates: rows.map((r) => r.date_week),
    kpi: col('y'),
    channels: [
      { name: 'x1', spend: col('x1') },
      { name: 'x2', spend: col('x2') },
    ],
    controls: [
      { name: 'event_1', values: col('event_1') },
      { name: 'event_2', values: col('event_2') },
    ],
  });
}

/** Robyn's dt_simulated_weekly as its demo.R models it: five paid channels, newsletter organic, two contexts. */
export function robynDemo(): MmmDataset {
  const rows = readCsv('robyn_dt_simulated_weekly.csv');
  const col = (name: string) => rows.map((r) => Number(r[name]));
  return DatasetSchema.parse({
    dates: rows.map((r) => r.DATE),
    kpi: col('revenue'),
    channels: [
      ...['tv_S', 'ooh_S', 'print_S', 'facebook_S', 'search_S'].map((name) => ({ name, spend: col(name) })),
      { name: 'newsletter', spend: col('newsletter'), organic: true },
    ],
    controls: [
      { name: 'competitor_sales_B', values: col('competitor_sales_B') },
      // Robyn one-hot encodes the events factor against its "na" level.
      { name: 'event1', values: rows.map((r) => (r.events === 'event1' ? 1 : 0)) },
      { name: 'event2', values: rows.map((r) => (r.events === 'event2' ? 1 : 0)) },
    ],
  });
}
