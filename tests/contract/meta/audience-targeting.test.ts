import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AdSet, CustomAudience, type AdAccount, type FacebookRequestError } from 'facebook-nodejs-business-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashCustomerRecord } from '@lambdas/lib/customer-data/hash-customer-data';
import { contractTwin } from '../contract-twin';
import { businessSdkSession } from './business-sdk-session';
import { futureTime } from './meta-fixtures';

/**
 * Ad sets that include and exclude custom audiences (`targeting.custom_audiences` / `excluded_custom_audiences`,
 * `[{id}]`), as Meta's Business SDK sends them: the audience must be the ad account's own and ready (an included
 * one of fewer than 100 people is refused), and housing, employment and financial campaigns use no lookalikes and
 * exclude nothing. The rules' sources are named in infra/twin/meta-sandbox/targeted-audiences.ts.
 */

let account: AdAccount;
let lookalikeId: string;
let customersId: string;
let smallListId: string;

const SCHEMA = ['EMAIL', 'PHONE', 'EXTERN_ID'];

/** The demo customer list's rows, hashed as the product hashes them (email, phone, customer id). */
function demoRows(count: number): string[][] {
  const csv = readFileSync(path.join(__dirname, '../../fixtures/customers/demo-customers.csv'), 'utf8');
  const [, ...lines] = csv.trim().split('\n');
  return lines.slice(0, count).map((line) => {
    const [em, ph, , , , country, externalId] = line.split(',');
    const { hashed } = hashCustomerRecord({ em, ph, country, external_id: externalId });
    return [hashed.em?.[0] ?? '', hashed.ph?.[0] ?? '', hashed.external_id?.[0] ?? ''];
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

async function customerList(name: string, rows: string[][]): Promise<string> {
  const created = await account.createCustomAudience([], {
    name,
    subtype: 'CUSTOM',
    customer_file_source: 'USER_PROVIDED_ONLY',
  });
  await new CustomAudience(created.id).createUser([], { payload: { schema: SCHEMA, data: rows } });
  return created.id;
}

async function campaign(specialAdCategories: string[] = []): Promise<string> {
  const created = await account.createCampaign([], {
    name: 'Contract: audience targeting',
    objective: 'OUTCOME_TRAFFIC',
    buying_type: 'AUCTION',
    status: 'PAUSED',
    special_ad_categories: specialAdCategories,
    ...(specialAdCategories.length > 0 && { special_ad_category_country: ['US'] }),
    is_adset_budget_sharing_enabled: false,
  });
  return created.id;
}

function adSetParams(campaignId: string, audiences: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'Contract: audiences ad set',
    campaign_id: campaignId,
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    destination_type: 'WEBSITE',
    targeting: {
      geo_locations: { countries: ['US'] },
      age_min: 18,
      age_max: 65,
      targeting_automation: { advantage_audience: 0 },
      ...audiences,
    },
    daily_budget: 2000,
    start_time: futureTime(1),
    status: 'PAUSED',
  };
}

beforeAll(async () => {
  const session = await businessSdkSession();
  account = session.account;
  // The terms page's Accept (customer lists need it); accepting twice changes nothing.
  await fetch(`${contractTwin().meta.url}/customaudiences/app/tos/?act=${session.accountId.replace(/^act_/, '')}`, {
    method: 'POST',
  });
  customersId = await customerList('Contract: targeted customers', demoRows(2000));
  smallListId = await customerList('Contract: ten customers', demoRows(10));
  const lookalike = await account.createCustomAudience([], {
    name: 'Contract: targeted 2% lookalike',
    subtype: 'LOOKALIKE',
    origin_audience_id: customersId,
    lookalike_spec: { country: 'US', ratio: 0.02 },
  });
  lookalikeId = lookalike.id;
});

describe('ad sets with custom audiences', () => {
  it('target a lookalike, leave the customer list out, and read both back', async () => {
    const created = await account.createAdSet(
      [],
      adSetParams(await campaign(), {
        custom_audiences: [{ id: lookalikeId }],
        excluded_custom_audiences: [{ id: customersId }],
      }),
    );
    const targeting = (await new AdSet(created.id).get(['targeting']))._data.targeting as Record<string, unknown>;
    expect(targeting.custom_audiences).toEqual([{ id: lookalikeId, name: 'Contract: targeted 2% lookalike' }]);
    expect(targeting.excluded_custom_audiences).toEqual([{ id: customersId, name: 'Contract: targeted customers' }]);
  });

  it('refuse an audience that is not the account’s', async () => {
    const error = await refusalOf(
      account.createAdSet([], adSetParams(await campaign(), { custom_audiences: [{ id: '2385999999999999' }] })),
    );
    expect(error.response).toMatchObject({ code: 100, error_user_title: 'Invalid Custom Audience' });
  });

  it('refuse to reach a list too small to deliver, but let it be excluded', async () => {
    const error = await refusalOf(
      account.createAdSet([], adSetParams(await campaign(), { custom_audiences: [{ id: smallListId }] })),
    );
    expect(error.response).toMatchObject({ code: 100, error_user_title: 'Audience Too Small' });

    const created = await account.createAdSet(
      [],
      adSetParams(await campaign(), { excluded_custom_audiences: [{ id: smallListId }] }),
    );
    expect(created.id).toMatch(/^\d+$/);
  });

  it('refuse lookalikes and exclusions in a housing campaign', async () => {
    const housing = await campaign(['HOUSING']);
    const lookalike = await refusalOf(
      account.createAdSet([], adSetParams(housing, { custom_audiences: [{ id: lookalikeId }] })),
    );
    expect(lookalike.response).toMatchObject({ code: 100, error_user_title: 'Special Ad Category Restrictions' });
    expect(lookalike.response.error_user_msg).toContain('Lookalike audiences are not available');

    const exclusion = await refusalOf(
      account.createAdSet([], adSetParams(housing, { excluded_custom_audiences: [{ id: customersId }] })),
    );
    expect(exclusion.response.error_user_msg).toContain('Audience exclusions are not available');

    const customers = await account.createAdSet([], adSetParams(housing, { custom_audiences: [{ id: customersId }] }));
    expect(customers.id).toMatch(/^\d+$/);
  });

  it('take an exclusion added to an existing ad set as its whole targeting sent back, and refuse one in housing', async () => {
    const created = await account.createAdSet([], adSetParams(await campaign(), {}));
    const adSet = new AdSet(created.id);
    const read = (await adSet.get(['targeting']))._data.targeting as Record<string, unknown>;
    await adSet.update([], { targeting: { ...read, excluded_custom_audiences: [{ id: customersId }] } });
    const after = (await adSet.get(['targeting']))._data.targeting as Record<string, unknown>;
    expect(after.excluded_custom_audiences).toEqual([{ id: customersId, name: 'Contract: targeted customers' }]);
    expect(after.geo_locations).toEqual(read.geo_locations);

    // The spec sent replaces the old one: sent without the exclusion, the ad set has none again.
    await adSet.update([], { targeting: read });
    const undone = (await adSet.get(['targeting']))._data.targeting as Record<string, unknown>;
    expect(undone.excluded_custom_audiences).toBeUndefined();

    const housingSet = new AdSet((await account.createAdSet([], adSetParams(await campaign(['HOUSING']), {}))).id);
    const housingRead = (await housingSet.get(['targeting']))._data.targeting as Record<string, unknown>;
    const refused = await refusalOf(
      housingSet.update([], { targeting: { ...housingRead, excluded_custom_audiences: [{ id: customersId }] } }),
    );
    expect(refused.response.error_user_msg).toContain('Audience exclusions are not available');
  });
});
