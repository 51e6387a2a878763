import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CustomAudience, type AdAccount, type FacebookRequestError } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashCustomerRecord } from '@lambdas/lib/customer-data/hash-customer-data';
import { contractTwin } from '../contract-twin';
import { businessSdkSession, type SdkSession } from './business-sdk-session';

/**
 * Custom audiences as Meta's Business SDK makes them (src/objects/custom-audience.js, ad-account.js): the terms that
 * must be accepted before a customer list, customer-list uploads in Meta's `payload={schema, data}` shape with
 * sessions, website, engagement and lookalike audiences, size ranges, statuses and deletion. The rules' sources
 * are named in infra/twin/meta-sandbox/custom-audience-*.ts.
 */

let session: SdkSession;
let account: AdAccount;
let accountNumber: string;

const MULTI_KEY_SCHEMA = ['EMAIL', 'PHONE', 'FN', 'LN', 'CT', 'COUNTRY', 'EXTERN_ID'];
const HASH_KEYS = ['em', 'ph', 'fn', 'ln', 'ct', 'country', 'external_id'] as const;

/** The demo customer list (made-up people), normalised and hashed as the product does, as multi-key rows. */
function demoRows(): string[][] {
  const csv = readFileSync(path.join(__dirname, '../../fixtures/customers/demo-customers.csv'), 'utf8');
  const [, ...lines] = csv.trim().split('\n');
  return lines.map((line) => {
    const [em, ph, fn, ln, ct, country, externalId] = line.split(',');
    const { hashed } = hashCustomerRecord({ em, ph, fn, ln, ct, country, external_id: externalId });
    return HASH_KEYS.map((key) => hashed[key]?.[0] ?? '');
  });
}

async function refusalOf(call: Promise<unknown>): Promise<FacebookRequestError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error && error.name === 'FacebookRequestError') return error as FacebookRequestError;
    throw error;
  }
  throw new Error('Meta (the sandbox) accepted a call it refuses');
}

function termsUrl(): string {
  return `${contractTwin().meta.url}/customaudiences/app/tos/?act=${accountNumber}`;
}

/** What a person does on the terms page: press Accept (its form posts back to the page). */
async function acceptTerms(): Promise<string> {
  return (await fetch(termsUrl(), { method: 'POST' })).text();
}

async function customerList(name: string): Promise<CustomAudience> {
  const created = await account.createCustomAudience([], {
    name,
    subtype: CustomAudience.Subtype.custom,
    customer_file_source: CustomAudience.CustomerFileSource.user_provided_only,
  });
  return new CustomAudience(created.id);
}

async function read(id: string, fields: string[]): Promise<Record<string, unknown>> {
  return (await new CustomAudience(id).get(fields))._data;
}

beforeAll(async () => {
  session = await businessSdkSession();
  account = session.account;
  accountNumber = session.accountId.replace(/^act_/, '');
});

describe('the Custom Audience terms', () => {
  it('refuse a customer list until a person accepts them on their page (#2663)', async () => {
    const before = await account.get(['tos_accepted']);
    expect(before._data.tos_accepted).toEqual({ web_custom_audience_tos: 1 });

    const refusal = await refusalOf(customerList('Contract: before the terms'));
    expect(refusal.response.code).toBe(2663);
    expect(refusal.response.message).toBe(
      `(#2663) Terms of service has not been accepted. To accept, go to ${contractTwin().meta.url}/customaudiences/app/tos/?act=${accountNumber}`,
    );

    expect(await (await fetch(termsUrl())).text()).toContain('<button type="submit">Accept</button>');
    expect(await acceptTerms()).toContain('You accepted the Custom Audience terms');
    const after = await account.get(['tos_accepted']);
    expect(after._data.tos_accepted).toEqual({ custom_audience_tos: 1, web_custom_audience_tos: 1 });
  });
});

describe('customer lists', () => {
  beforeAll(acceptTerms);

  it('need customer_file_source', async () => {
    const refusal = await refusalOf(account.createCustomAudience([], { name: 'No source', subtype: 'CUSTOM' }));
    expect(refusal.response.message).toBe('(#100) Missing parameter(s): customer_file_source');
  });

  it('take the demo list in batches of one session and match a realistic share of it', async () => {
    const rows = demoRows();
    const list = await customerList('Contract: demo customers');
    const batches = [rows.slice(0, 800), rows.slice(800, 1600), rows.slice(1600)];
    const replies = [];
    for (const [index, data] of batches.entries()) {
      const reply = await list.createUser([], {
        payload: { schema: MULTI_KEY_SCHEMA, data },
        session: {
          session_id: 9_001,
          batch_seq: index + 1,
          last_batch_flag: index === batches.length - 1,
          estimated_num_total: rows.length,
        },
      });
      replies.push(reply._data);
    }
    expect(replies[0]).toEqual({
      audience_id: list.id,
      session_id: '9001',
      num_received: 800,
      num_invalid_entries: 0,
      invalid_entry_samples: {},
    });
    expect(replies.reduce((sum, reply) => sum + Number(reply.num_received), 0)).toBe(rows.length);

    const read_ = await read(list.id, [
      'approximate_count_lower_bound',
      'approximate_count_upper_bound',
      'delivery_status',
      'operation_status',
      'subtype',
      'data_source',
    ]);
    const lower = Number(read_.approximate_count_lower_bound);
    const upper = Number(read_.approximate_count_upper_bound);
    expect(lower).toBeLessThan(upper);
    // Not everyone on a customer list is on Meta: a realistic list matches 55–70 %.
    expect(lower / rows.length).toBeGreaterThanOrEqual(0.55);
    expect(upper / rows.length).toBeLessThanOrEqual(0.72);
    expect(read_).toMatchObject({
      subtype: 'CUSTOM',
      delivery_status: { code: 200, description: 'This audience is ready for use.' },
      operation_status: { code: 200, description: 'Normal' },
      data_source: { type: 'FILE_IMPORTED', sub_type: 'MULTI_HASHES' },
    });

    // A session that sent its last batch takes no more.
    const late = await refusalOf(
      list.createUser([], {
        payload: { schema: MULTI_KEY_SCHEMA, data: rows.slice(0, 2) },
        session: { session_id: 9_001, batch_seq: 4, last_batch_flag: true },
      }),
    );
    expect(late.response.code).toBe(100);
  });

  it('count plain values and short rows as invalid entries, and refuse more than 10,000 rows', async () => {
    const list = await customerList('Contract: invalid entries');
    const [hashed] = demoRows();
    const reply = await list.createUser([], {
      payload: { schema: MULTI_KEY_SCHEMA, data: [hashed, ['person@example.com', '', '', '', '', '', ''], ['a']] },
    });
    expect(reply._data).toMatchObject({ num_received: 3, num_invalid_entries: 2 });
    expect(Object.values(reply._data.invalid_entry_samples as Record<string, string>)).toContain(
      'EMAIL is not a lower-case SHA-256 hash',
    );

    const tooMany = Array.from({ length: 10_001 }, () => hashed!);
    const refusal = await refusalOf(list.createUser([], { payload: { schema: MULTI_KEY_SCHEMA, data: tooMany } }));
    expect(refusal.response.message).toMatch(/at most 10000 may be sent in one request/);
  });

  it('refuse single-key rows on a list made from multi-key ones (#2650)', async () => {
    const list = await customerList('Contract: one schema');
    const rows = demoRows().slice(0, 5);
    await list.createUser([], { payload: { schema: MULTI_KEY_SCHEMA, data: rows } });
    const refusal = await refusalOf(
      list.createUser([], { payload: { schema: 'EMAIL_SHA256', data: rows.map((row) => row[0]) } }),
    );
    expect(refusal.response).toMatchObject({
      code: 2650,
      message:
        '(#2650) Failed to update the custom audience: This audience was created from data source FILE_IMPORTED.MULTI_HASHES, which does not support data source FILE_IMPORTED.HASHES_OR_USER_IDS.',
    });
  });

  it('lose the people removed from them', async () => {
    const list = await customerList('Contract: removals');
    const rows = demoRows();
    await list.createUser([], { payload: { schema: MULTI_KEY_SCHEMA, data: rows } });
    const before = Number((await read(list.id, ['approximate_count_upper_bound'])).approximate_count_upper_bound);
    // Removal is `DELETE /{id}/users`; a large one goes as POST with method=DELETE (a URL holds no 10,000 rows).
    await session.api.call('POST', [list.id, 'users'], {
      method: 'DELETE',
      payload: { schema: MULTI_KEY_SCHEMA, data: rows.slice(0, 1000) },
    });
    const after = await read(list.id, ['approximate_count_upper_bound', 'delivery_status']);
    expect(Number(after.approximate_count_upper_bound)).toBeLessThan(before);
  });
});

describe('lookalikes', () => {
  let source: CustomAudience;

  beforeAll(async () => {
    await acceptTerms();
    source = await customerList('Contract: lookalike source');
    await source.createUser([], { payload: { schema: MULTI_KEY_SCHEMA, data: demoRows() } });
  });

  it('refuse a source under 100 people', async () => {
    const small = await customerList('Contract: small source');
    await small.createUser([], { payload: { schema: MULTI_KEY_SCHEMA, data: demoRows().slice(0, 40) } });
    const refusal = await refusalOf(
      account.createCustomAudience([], {
        name: 'Too small',
        subtype: 'LOOKALIKE',
        origin_audience_id: small.id,
        lookalike_spec: { country: 'US', ratio: 0.01 },
      }),
    );
    expect(refusal.response).toMatchObject({ code: 2654, error_user_title: 'Source Audience Is Too Small' });
  });

  it('make a 1 % lookalike in a country, once, and refuse a ratio past 20 %', async () => {
    const created = await account.createCustomAudience([], {
      name: 'Contract: 1% US lookalike',
      subtype: 'LOOKALIKE',
      origin_audience_id: source.id,
      lookalike_spec: { country: 'US', ratio: 0.01 },
    });
    const lookalike = await read(created.id, [
      'subtype',
      'lookalike_spec',
      'approximate_count_lower_bound',
      'approximate_count_upper_bound',
      'delivery_status',
    ]);
    expect(lookalike).toMatchObject({
      subtype: 'LOOKALIKE',
      lookalike_spec: { type: 'custom_ratio', ratio: 0.01, country: 'US', origin: [{ id: source.id }] },
      delivery_status: { code: 200 },
    });
    expect(Number(lookalike.approximate_count_lower_bound)).toBeGreaterThan(1_000_000);
    expect((await read(source.id, ['lookalike_audience_ids'])).lookalike_audience_ids).toEqual([created.id]);

    const duplicate = await refusalOf(
      account.createCustomAudience([], {
        name: 'Again',
        subtype: 'LOOKALIKE',
        origin_audience_id: source.id,
        lookalike_spec: { country: 'US', ratio: 0.01 },
      }),
    );
    expect(duplicate.response).toMatchObject({ code: 2654, error_user_title: 'Can’t Create a Duplicate Lookalike' });

    const tooWide = await refusalOf(
      account.createCustomAudience([], {
        name: 'Too wide',
        subtype: 'LOOKALIKE',
        origin_audience_id: source.id,
        lookalike_spec: { country: 'US', ratio: 0.25 },
      }),
    );
    expect(tooWide.response.message).toMatch(/ratio must be between 0.01 and 0.20/);
  });
});

describe('website and engagement audiences', () => {
  async function pixelId(): Promise<string> {
    const pixels = await account.getAdsPixels(['id']);
    return pixels[0]!.id;
  }

  function rule(sourceType: string, sourceId: string, days: number, event: string): Record<string, unknown> {
    return {
      inclusions: {
        operator: 'or',
        rules: [
          {
            event_sources: [{ type: sourceType, id: sourceId }],
            retention_seconds: days * 86_400,
            filter: { operator: 'and', filters: [{ field: 'event', operator: 'eq', value: event }] },
          },
        ],
      },
    };
  }

  it('count the pixel’s visitors inside the retention window', async () => {
    const created = await account.createCustomAudience([], {
      name: 'Contract: viewers, 30 days',
      subtype: 'WEBSITE',
      rule: rule('pixel', await pixelId(), 30, 'ViewContent'),
      prefill: true,
    });
    const audience = await read(created.id, ['subtype', 'retention_days', 'approximate_count_upper_bound', 'pixel_id']);
    expect(audience).toMatchObject({ subtype: 'WEBSITE', retention_days: 30, pixel_id: await pixelId() });
    expect(Number(audience.approximate_count_upper_bound)).toBeGreaterThan(1000);
  });

  it('refuse another pixel and a retention past 180 days', async () => {
    const otherPixel = await refusalOf(
      account.createCustomAudience([], { name: 'x', subtype: 'WEBSITE', rule: rule('pixel', '123', 30, 'Purchase') }),
    );
    expect(otherPixel.response.error_user_title).toBe('Invalid Rule');
    const tooLong = await refusalOf(
      account.createCustomAudience([], {
        name: 'x',
        subtype: 'WEBSITE',
        rule: rule('pixel', await pixelId(), 200, 'Purchase'),
      }),
    );
    expect(tooLong.response.error_user_msg).toMatch(/at most 15552000/);
  });

  it('make an engagement audience from the account’s Page', async () => {
    const created = await account.createCustomAudience([], {
      name: 'Contract: Page engagers',
      subtype: 'ENGAGEMENT',
      rule: rule('page', session.pageId, 90, 'page_engaged'),
    });
    expect(await read(created.id, ['subtype', 'delivery_status'])).toMatchObject({
      subtype: 'ENGAGEMENT',
      delivery_status: { code: 200 },
    });
  });
});

describe('lookalikes of rule audiences', () => {
  it('are made from a website audience and from an engagement audience as from a customer list', async () => {
    const pixel = (await account.getAdsPixels(['id']))[0]!.id;
    const inclusion = (type: string, id: string, days: number, event: string) => ({
      inclusions: {
        operator: 'or',
        rules: [
          {
            event_sources: [{ type, id }],
            retention_seconds: days * 86_400,
            filter: { operator: 'and', filters: [{ field: 'event', operator: 'eq', value: event }] },
          },
        ],
      },
    });
    const visitors = await account.createCustomAudience([], {
      name: 'Contract: visitors as a source',
      subtype: 'WEBSITE',
      rule: inclusion('pixel', pixel, 60, 'PageView'),
      prefill: true,
    });
    const engagers = await account.createCustomAudience([], {
      name: 'Contract: engagers as a source',
      subtype: 'ENGAGEMENT',
      rule: inclusion('page', session.pageId, 180, 'page_engaged'),
    });
    for (const origin of [visitors, engagers]) {
      const created = await account.createCustomAudience([], {
        name: `Contract: 2% of ${origin.id}`,
        subtype: 'LOOKALIKE',
        origin_audience_id: origin.id,
        lookalike_spec: { country: 'GB', ratio: 0.02 },
      });
      expect(await read(created.id, ['subtype', 'lookalike_spec', 'delivery_status'])).toMatchObject({
        subtype: 'LOOKALIKE',
        lookalike_spec: { ratio: 0.02, country: 'GB', origin: [{ id: origin.id }] },
        delivery_status: { code: 200 },
      });
    }
  });
});

describe('reading, changing and deleting', () => {
  it('lists with fields, knows no approximate_count, renames, and deletes', async () => {
    await acceptTerms();
    const list = await customerList('Contract: to delete');
    const listed = await account.getCustomAudiences(['name', 'subtype', 'operation_status']);
    expect(listed.find((audience) => audience.id === list.id)?._data).toMatchObject({
      name: 'Contract: to delete',
      subtype: 'CUSTOM',
      operation_status: { code: 410 },
    });

    const unknownField = await refusalOf(new CustomAudience(list.id).get(['approximate_count']));
    expect(unknownField.response.message).toBe(
      '(#100) Tried accessing nonexisting field (approximate_count) on node type (CustomAudience)',
    );

    await new CustomAudience(list.id).update([], { name: 'Contract: renamed' });
    expect((await read(list.id, ['name'])).name).toBe('Contract: renamed');

    expect(await new CustomAudience(list.id).delete()).toMatchObject({ success: true });
    const gone = await refusalOf(new CustomAudience(list.id).get(['name']));
    expect(gone.response).toMatchObject({ code: 100, error_subcode: 33 });
  });
});
