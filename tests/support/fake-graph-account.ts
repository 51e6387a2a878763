import type { GraphClient } from '@lambdas/lib/meta/graph-client';

/**
 * A fake Graph client over one small fixed ad account that answers list reads the way Meta does with
 * field expansion: `fields=…,insights.time_range({…}).time_increment(1)…{fields}` puts each object's
 * daily insights on it as a nested `insights` edge (one page, no `paging.next`). Every call is recorded
 * as `GET <path>` or `LIST <path>[+insights]`, so tests can count what a read costs.
 */

export interface FakeAccountObjects {
  account: { id: string; currency: string; timezone_name: string };
  campaigns: Record<string, unknown>[];
  adsets: Record<string, unknown>[];
  ads: Record<string, unknown>[];
  /** One object's insights row for one day (its id field is added). */
  dayRow: (date: string) => Record<string, unknown>;
}

const EXPANSION = /insights\.time_range\((\{[^)]*\})\)\.time_increment\((\d+)\)/;
const ID_FIELD = { campaigns: 'campaign_id', adsets: 'adset_id', ads: 'ad_id' } as const;

function daysOf(range: { since: string; until: string }): string[] {
  const days: string[] = [];
  for (let d = new Date(`${range.since}T00:00:00Z`); d <= new Date(`${range.until}T00:00:00Z`);) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

export function fakeGraphAccount(objects: FakeAccountObjects): { graph: GraphClient; calls: string[] } {
  const calls: string[] = [];
  const parse = (value: unknown, schema?: { parse(v: unknown): unknown }) => (schema ? schema.parse(value) : value);
  const graph = {
    version: 'v26.0',
    async get(path: string, params: Record<string, unknown> = {}, schema?: { parse(v: unknown): unknown }) {
      const edge = (['campaigns', 'adsets', 'ads'] as const).find((e) => path.endsWith(`/${e}`));
      if (!edge) {
        calls.push(`GET ${path}`);
        return parse(objects.account, schema);
      }
      const expansion = EXPANSION.exec(String(params.fields ?? ''));
      calls.push(`LIST ${path}${expansion ? '+insights' : ''}`);
      if (expansion && expansion[2] !== '1') throw new Error('the fake answers daily buckets only');
      const days = expansion ? daysOf(JSON.parse(expansion[1]!) as { since: string; until: string }) : [];
      const data = objects[edge].map((item) =>
        expansion
          ? {
              ...item,
              insights: {
                data: days.map((date) => ({
                  [ID_FIELD[edge]]: item.id,
                  date_start: date,
                  date_stop: date,
                  ...objects.dayRow(date),
                })),
              },
            }
          : item,
      );
      return parse({ data }, schema);
    },
    async paginate() {
      throw new Error('lists are read page by page within a call budget (bounded-list.ts)');
    },
    async post() {
      throw new Error('not used');
    },
    async delete() {
      throw new Error('not used');
    },
    async batch() {
      throw new Error('not used');
    },
  } as unknown as GraphClient;
  return { graph, calls };
}
