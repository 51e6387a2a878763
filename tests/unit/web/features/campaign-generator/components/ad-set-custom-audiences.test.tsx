import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Audience, AudienceList } from '@shared/schemas/audiences';
import type { PlanAdSet, PlanIssue } from '@shared/schemas/campaign-plan';
import { createQueryClient } from '@web/app/providers/query-client';
import { AdSetCustomAudiences } from '@web/features/campaign-generator/components/ad-set-custom-audiences';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const ACCOUNT = 'act_1234567890';
const customers: Audience = {
  id: '238500000000001',
  name: 'Demo customers',
  kind: 'customer-list',
  sizeLower: 1300,
  sizeUpper: 1400,
  delivery: { code: 200, description: 'This audience is ready for use.' },
  operation: { code: 200, description: 'Normal' },
  createdAt: '2026-11-20T00:00:00.000Z',
};
const lookalike: Audience = {
  ...customers,
  id: '238500000000002',
  name: 'Like my customers (US, 1 %)',
  kind: 'lookalike',
  sizeLower: 2_400_000,
  sizeUpper: 2_600_000,
  lookalike: { country: 'US', percent: 1, sourceId: customers.id },
};

const set: PlanAdSet = {
  name: 'Runners',
  optimizationGoal: 'LINK_CLICKS',
  billingEvent: 'IMPRESSIONS',
  budget: null,
  startTime: '2030-01-01T00:00:00.000Z',
  targeting: {
    countries: ['US'],
    regions: [],
    cities: [],
    ageMin: 18,
    ageMax: 65,
    genders: [],
    interests: [],
    placements: 'advantage',
    excludedAudiences: [
      {
        id: customers.id,
        name: customers.name,
        kind: 'customer-list',
        adAccountId: ACCOUNT,
        sizeLower: 1300,
        sizeUpper: 1400,
        deliveryCode: 200,
        suggested: true,
      },
    ],
  },
  ads: [],
};

/** The ad set as the last change left it. */
const latest = { set };

function Harness({ issues = [] }: { issues?: PlanIssue[] }) {
  const [current, setCurrent] = useState(set);
  return (
    <AdSetCustomAudiences
      set={current}
      number={1}
      at="adSets.0"
      adAccountId={ACCOUNT}
      issues={issues}
      change={(fn) =>
        setCurrent((before) => {
          const next = structuredClone(before);
          fn(next);
          latest.set = next;
          return next;
        })
      }
    />
  );
}

const renderHarness = (issues?: PlanIssue[]) =>
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <Harness issues={issues} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  api.apiRequest.mockReset();
  const list: AudienceList = {
    items: [lookalike, customers],
    customerListTerms: { accepted: true, url: 'https://example.test/tos' },
    canUploadCustomers: true,
  };
  api.apiRequest.mockResolvedValue(list);
});

describe('an ad set’s custom audiences', () => {
  it('shows the suggested exclusion of the customers, and adds the lookalike with its source in this account', async () => {
    renderHarness();
    const excluded = await screen.findByRole('group', { name: 'Ad set 1 excluded audiences' });
    expect(within(excluded).getByRole('checkbox', { name: /Demo customers.*suggested/ })).toBeChecked();
    expect(api.apiRequest).toHaveBeenCalledWith('listAudiences', { params: { id: ACCOUNT } });

    const included = screen.getByRole('group', { name: 'Ad set 1 custom audiences' });
    await userEvent.click(within(included).getByRole('checkbox', { name: /Like my customers/ }));
    expect(latest.set.targeting.audiences).toEqual([
      expect.objectContaining({
        id: lookalike.id,
        kind: 'lookalike',
        adAccountId: ACCOUNT,
        deliveryCode: 200,
        source: { id: customers.id, adAccountId: ACCOUNT },
      }),
    ]);

    await userEvent.click(within(excluded).getByRole('checkbox', { name: /Demo customers/ }));
    expect(latest.set.targeting.excludedAudiences).toBeUndefined();
  });

  it('shows the validator’s finding beside the audience it is about', async () => {
    renderHarness([
      {
        path: 'adSets.0.targeting.excludedAudiences.0',
        severity: 'error',
        message: 'Ads in HOUSING can’t exclude audiences.',
      },
    ]);
    expect(await screen.findByText('Ads in HOUSING can’t exclude audiences.')).toBeInTheDocument();
  });
});
