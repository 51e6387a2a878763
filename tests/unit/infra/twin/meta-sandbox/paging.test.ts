import { describe, expect, it } from 'vitest';
import { decodeCursor, paginate } from '@infra/twin/meta-sandbox/paging';

const items = Array.from({ length: 7 }, (_, i) => ({ id: String(i) }));
const baseUrl = 'http://127.0.0.1:4010/v26.0/act_1/campaigns';

describe('paginate', () => {
  it('returns the first page with cursors and an absolute next URL carrying the same params', () => {
    const page = paginate(items, { baseUrl, params: { fields: 'name', limit: '3', access_token: 'EAAtoken' } });

    expect(page.data.map((item) => item.id)).toEqual(['0', '1', '2']);
    expect(page.paging?.previous).toBeUndefined();
    const next = new URL(page.paging!.next!);
    expect(`${next.origin}${next.pathname}`).toBe(baseUrl);
    expect(next.searchParams.get('fields')).toBe('name');
    expect(next.searchParams.get('access_token')).toBe('EAAtoken');
    expect(next.searchParams.get('limit')).toBe('3');
    expect(next.searchParams.get('after')).toBe(page.paging!.cursors.after);
  });

  it('walks forward to the end, where there is no next', () => {
    const seen: string[] = [];
    let params: Record<string, string> = { limit: '3' };
    for (;;) {
      const page = paginate(items, { baseUrl, params });
      seen.push(...page.data.map((item) => item.id));
      if (!page.paging?.next) break;
      params = Object.fromEntries(new URL(page.paging.next).searchParams);
    }

    expect(seen).toEqual(['0', '1', '2', '3', '4', '5', '6']);
  });

  it('goes back with before', () => {
    const second = paginate(items, {
      baseUrl,
      params: { limit: '3', after: paginate(items, { baseUrl, params: { limit: '3' } }).paging!.cursors.after },
    });
    const back = paginate(items, {
      baseUrl,
      params: Object.fromEntries(new URL(second.paging!.previous!).searchParams),
    });

    expect(second.data.map((item) => item.id)).toEqual(['3', '4', '5']);
    expect(back.data.map((item) => item.id)).toEqual(['0', '1', '2']);
  });

  it('defaults to 25 items and omits paging for an empty edge', () => {
    expect(
      paginate(
        Array.from({ length: 30 }, (_, i) => i),
        { baseUrl, params: {} },
      ).data,
    ).toHaveLength(25);
    expect(paginate([], { baseUrl, params: {} })).toEqual({ data: [] });
  });

  it('keeps cursors opaque but decodable by the sandbox only', () => {
    const cursor = paginate(items, { baseUrl, params: { limit: '2' } }).paging!.cursors.after;

    expect(decodeCursor(cursor)).toBe(1);
    expect(decodeCursor('not-a-cursor')).toBeUndefined();
  });
});
