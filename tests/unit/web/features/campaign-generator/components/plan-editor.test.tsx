import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDraft, CampaignPlan, PlanAd, PlanAdSet } from '@shared/schemas/campaign-plan';
import { createQueryClient } from '@web/app/providers/query-client';
import { PlanEditor } from '@web/features/campaign-generator/components/plan-editor';
import { deliverySentence, issuePlace } from '@web/features/campaign-generator/lib/plan-words';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
// A video ad's picker reads the signed-in user.
vi.mock('@web/lib/auth/use-auth', () => ({ useAuth: () => ({ currentUser: { uid: 'u1' }, loading: false }) }));

const ad = (n: number): PlanAd => ({
  name: `Trail boots | v${n}`,
  headline: `Boots for wet trails ${n}`,
  primaryText: 'Recycled, waterproof and light.',
  description: 'Free returns',
  callToAction: 'SHOP_NOW',
  link: 'https://shop.example.com/boots',
});

const adSet = (name: string, interests: PlanAdSet['targeting']['interests']): PlanAdSet => ({
  name,
  optimizationGoal: 'LINK_CLICKS',
  billingEvent: 'IMPRESSIONS',
  destinationType: 'WEBSITE',
  budget: null,
  startTime: '2030-01-01T00:00:00.000Z',
  targeting: {
    countries: ['US'],
    regions: [],
    cities: [],
    ageMin: 25,
    ageMax: 54,
    genders: [],
    interests,
    placements: 'advantage',
  },
  ads: [ad(1), ad(2)],
});

function draftOf(plan: CampaignPlan): CampaignDraft {
  return {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    brief: {} as CampaignDraft['brief'],
    plan,
    minDailyBudgetMinor: 100,
    issues: [],
    model: 'offline',
    offline: true,
  };
}

const plan = (adSets: PlanAdSet[]): CampaignPlan => ({
  adAccountId: 'act_1234567890',
  currency: 'USD',
  campaign: {
    name: 'Trail boots',
    objective: 'OUTCOME_TRAFFIC',
    buyingType: 'AUCTION',
    budget: { type: 'daily', amountMinor: 4000 },
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    specialAdCategories: [],
  },
  adSets,
});

const scrolled = vi.fn();

beforeEach(() => {
  api.apiRequest.mockReset();
  // Audience sizes and previews stay loading: this suite is about the editor's own words and behaviour.
  api.apiRequest.mockImplementation(() => new Promise(() => undefined));
  scrolled.mockReset();
  // The test DOM lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this);
  };
});

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderEditor(draft: CampaignDraft) {
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <PlanEditor draft={draft} saving={false} publishing={false} onSave={vi.fn()} onPublish={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('the campaign plan editor', () => {
  it('says which ad set each problem is in, and counts them in words', () => {
    renderEditor(
      draftOf(
        plan([
          adSet('Hikers', [{ id: '6003', name: 'Hiking' }]),
          adSet('Campers', [{ id: '6004', name: 'Camping' }, { name: 'Weekend' }]),
        ]),
      ),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('1 thing to fix before publishing');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(`Ad set 2: "Weekend" isn't an interest Meta knows.`);
  });

  it('warns beside both ad sets whose audiences overlap, naming the other, until they are apart', async () => {
    const hiking = [{ id: '6003', name: 'Hiking' }];
    renderEditor(draftOf(plan([adSet('Hikers 25–54', hiking), adSet('Hikers again', hiking)])));
    const warnings = screen.getAllByRole('alert').filter((a) => /Audience overlap/.test(a.textContent ?? ''));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toHaveTextContent('Overlaps ad set 2 (“Hikers again”)');
    expect(warnings[1]).toHaveTextContent('Overlaps ad set 1 (“Hikers 25–54”)');
    // Each sits in the card of the ad set it is about (title → header → card).
    const cardOf = (title: string) => screen.getByRole('heading', { name: title }).parentElement!.parentElement!;
    expect(cardOf('Ad set 1: Hikers 25–54')).toContainElement(warnings[0]!);
    expect(cardOf('Ad set 2: Hikers again')).toContainElement(warnings[1]!);
    // A warning, not a blocker: the plan is still ready to publish.
    expect(screen.getByText('Ready to publish')).toBeInTheDocument();

    const minimum = screen.getByRole('spinbutton', { name: 'Ad set 2 minimum age' });
    const maximum = screen.getByRole('spinbutton', { name: 'Ad set 2 maximum age' });
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '65');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '55');
    expect(screen.queryByText(/Audience overlap/)).not.toBeInTheDocument();
  });

  it('shows a language ad set’s per-language share under the account’s minimum beside its budget (issue 29 req 3)', () => {
    const video: PlanAd = {
      ...ad(1),
      format: 'video',
      language: 'en',
      video: {
        kind: 'video',
        assetKey: 'users/u1/videos/v1/video.mp4',
        thumbnailAssetKey: 'users/u1/videos/v1/poster.png',
        width: 1080,
        height: 1920,
        ratio: '9:16',
        seconds: 10,
      },
      translations: [
        {
          language: 'es',
          headline: 'Botas para senderos mojados',
          primaryText: 'Recicladas, impermeables y ligeras para tus rutas.',
          description: 'Devoluciones gratis',
        },
      ],
    };
    const set = {
      ...adSet('Hikers', [{ id: '6003', name: 'Hiking' }]),
      budget: { type: 'daily' as const, amountMinor: 150 },
    };
    set.ads = [video, { ...video, name: 'Trail boots | v2', headline: 'Boots that stay dry' }];
    const p = plan([set]);
    p.campaign = { ...p.campaign, budget: null, isAdsetBudgetSharingEnabled: false };
    renderEditor(draftOf(p));
    const message =
      "“Hikers” goes out as one ad set per language (English, Spanish): its daily budget of 1.50 USD is 0.75 USD per language, under this ad account's minimum daily budget of 1.00 USD. Raise it to at least 2.00 USD, or write its ads in fewer languages.";
    const alert = screen.getAllByRole('alert').find((a) => /to fix before publishing/.test(a.textContent ?? ''))!;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain(`Ad set 1: ${message}`);
    expect(screen.getAllByText(message).length).toBeGreaterThan(1);
  });

  it('counts several problems as things', () => {
    renderEditor(draftOf(plan([adSet('Hikers', [{ name: 'Weekend' }, { name: 'Hikers' }])])));
    expect(screen.getByRole('alert')).toHaveTextContent('2 things to fix before publishing');
  });

  it('describes delivery in Ads Manager words, not API codes', () => {
    renderEditor(draftOf(plan([adSet('Hikers', [{ id: '6003', name: 'Hiking' }])])));
    expect(
      screen.getByText('Optimised for link clicks, charged per impression (CPM); people go to your website.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/LINK_CLICKS|IMPRESSIONS/)).not.toBeInTheDocument();
  });

  it('brings the preview of the pressed ad into view and focus (it is drawn below every ad set)', async () => {
    renderEditor(
      draftOf(
        plan([adSet('Hikers', [{ id: '6003', name: 'Hiking' }]), adSet('Campers', [{ id: '6004', name: 'Camping' }])]),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview Ad 2.1' }));
    const preview = screen.getByRole('region', { name: 'Preview of Ad 2.1' });
    expect(scrolled).toHaveBeenCalledWith(preview);
    expect(preview).toHaveFocus();
  });
});

describe('plan words', () => {
  it('names the part of the plan a validator path points at', () => {
    expect(issuePlace('campaign.budget.amountMinor')).toBe('Campaign');
    expect(issuePlace('adSets.2.targeting.interests.0')).toBe('Ad set 3');
    expect(issuePlace('adSets.0.ads.1.headline')).toBe('Ad 1.2');
  });

  it('falls back to plain words for a code it does not know', () => {
    expect(
      deliverySentence({ optimizationGoal: 'SOME_NEW_GOAL', billingEvent: 'IMPRESSIONS', destinationType: undefined }),
    ).toBe('Optimised for some new goal, charged per impression (CPM).');
  });
});
