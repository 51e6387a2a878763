import { describe, expect, it } from 'vitest';
import { importCsv, parseCsv, proposeMapping } from '@shared/mmm/csv-import';
import { SAMPLE_MAPPING, sampleCsv, sampleHeader } from '@shared/mmm/sample-csv';

describe('the sample CSV offered on the upload step', () => {
  it('passes the upload validator under the mapping the upload proposes for it', () => {
    const csv = parseCsv(sampleCsv());
    expect(csv.header).toEqual(sampleHeader());
    // The upload step proposes exactly the sample's own mapping: no column to fix by hand.
    expect(proposeMapping(csv.header)).toEqual(SAMPLE_MAPPING);
    const imported = importCsv(csv, proposeMapping(csv.header));
    if (!imported.ok) throw new Error(JSON.stringify(imported.problems.slice(0, 5)));
    const { data } = imported;
    expect(data.dates).toHaveLength(52);
    expect(data.dates[0]).toBe('2025-01-06');
    expect(data.channels.map((c) => c.name)).toEqual(['facebook_spend', 'google_search_spend', 'tv_spend']);
    expect(data.controls.map((c) => c.name)).toEqual(['competitor_price', 'holiday_event']);
  });

  it('looks like a real shop’s weeks: positive revenue, every channel spending, TV in flights, a few holidays', () => {
    const imported = importCsv(parseCsv(sampleCsv()), SAMPLE_MAPPING);
    if (!imported.ok) throw new Error('sample invalid');
    const { data } = imported;
    expect(Math.min(...data.kpi)).toBeGreaterThan(0);
    for (const channel of data.channels) expect(channel.spend.some((v) => v > 0)).toBe(true);
    const tv = data.channels.find((c) => c.name === 'tv_spend')!.spend;
    expect(tv.filter((v) => v === 0).length).toBeGreaterThan(20);
    const holidays = data.controls.find((c) => c.name === 'holiday_event')!.values;
    expect(holidays.filter((v) => v === 1)).toHaveLength(4);
  });

  it('is the same file every time', () => {
    expect(sampleCsv()).toBe(sampleCsv());
  });
});
