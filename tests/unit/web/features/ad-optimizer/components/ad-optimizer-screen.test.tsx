import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Recharts from 'recharts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdCard, AdCardList, AdTest } from '@shared/schemas/ad-optimizer';
import { AdOptimizerScreen } from '@web/features/ad-optimizer/components/ad-optimizer-screen';
import { type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import { notConnected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { resetAccountScreen, serveAccountScreen } from '@tests/unit/web/support/meta-account/account-screen';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { type ApiHandler, type ApiInput } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
// recharts measures its container; the test DOM has none, and the curve's numbers are in its caption.
vi.mock('recharts', async (original) => ({
  ...(await original<typeof Recharts>()),
  ResponsiveContainer: () => null,
}));

const days = Array.from({ length: 14 }, (_, i) => ({
  date: `2026-01-${String(i + 5).padStart(2, '0')}`,
  impressions: 1000,
  ctrLink: 2 - i * 0.1,
  frequency: 1.2 + Math.floor(i / 7),
}));

function card(id: string, name: string, extra: Partial<AdCard> = {}): AdCard {
  return {
    id,
    name,
    status: 'ACTIVE',
    adsetId: '77',
    adsetName: 'Advantage+ audience | reach',
    adsetAudience: 'Women aged 25–45 in the United States',
    campaignId: '42',
    creative: {
      id: `c${id}`,
      headline: `${name} headline`,
      primaryText: 'Gear up for the trail.',
      description: 'Free returns',
      callToAction: 'SHOP_NOW',
      thumbnailUrl: 'https://scontent.example/t.jpg',
      imageUrl: 'https://scontent.example/i.jpg',
      link: 'https://shop.example.com',
      rewritable: true,
    },
    metrics: {
      spend: 120.5,
      impressions: 10_000,
      linkClicks: 80,
      results: 8,
      ctrLink: 0.8,
      frequency: 2.5,
      costPerResult: 15.06,
    },
    days,
    firstWeek: { since: '2026-01-05', until: '2026-01-11' },
    rankings: { quality: 'AVERAGE' },
    verdicts: [],
    ...extra,
  };
}

const tired = card('1', 'Tired ad', {
  rankings: { quality: 'BELOW_AVERAGE_10', engagement: 'AVERAGE', conversion: 'UNKNOWN' },
  verdicts: [
    {
      kind: 'creative_fatigue',
      title: 'Refresh the creative of “Tired ad”: its audience has tired of it',
      why: 'Its CTR fell from 2% in its first week to 0.8% last week (60% lower) while frequency rose from 1.25 to 2.5.',
      evidence: { firstWeekCtrPercent: 2, lastWeekCtrPercent: 0.8 },
      confidence: 0.99,
    },
  ],
});
const fresh = card('2', 'Fresh ad');

const list = (ads: AdCard[], tests: AdTest[] = []): AdCardList => ({
  adAccountId: usdAccount.id,
  currency: 'USD',
  today: '2026-01-19',
  generatedAt: '2026-01-19T10:00:00Z',
  ads,
  tests,
  graphCalls: 5,
});

const proposal: AdTest = {
  id: '5b0e4a52-7a43-4c1e-9b7e-2f1d9a3c6e11',
  adAccountId: usdAccount.id,
  adId: '1',
  adName: 'Tired ad',
  adsetId: '77',
  status: 'proposed',
  reason: tired.verdicts[0]!.why,
  original: { headline: 'Tired ad headline', primaryText: 'Gear up for the trail.', description: 'Free returns' },
  variants: [
    {
      angle: 'benefit',
      headline: 'Boots that last',
      primaryText: 'Go further.',
      description: 'Try them',
      callToAction: 'SHOP_NOW',
    },
    {
      angle: 'question',
      headline: 'Ready for the trail?',
      primaryText: 'Lighter boots.',
      description: 'Free returns',
      callToAction: 'SHOP_NOW',
    },
  ],
  model: 'offline-demo',
  offline: true,
  createdAt: '2026-01-19T10:01:00Z',
};

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveAccountScreen(
    api.apiRequest,
    {
      adOptimizerAds: () => list([fresh, tired]),
    },
    overrides,
  );

const callsTo = (name: string) =>
  api.apiRequest.mock.calls.filter(([called]) => called === name).map(([, input]) => input as ApiInput);

describe('ad optimizer screen', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('asks to connect Meta when it is not connected', async () => {
    serve({ metaConnection: () => notConnected });
    renderWithMeta(<AdOptimizerScreen />);
    expect(await screen.findByText('Connect Meta to see your ads')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Meta' })).toBeInTheDocument();
    expect(callsTo('adOptimizerAds')).toHaveLength(0);
  });

  it('shows the fatigued ads first as cards: thumbnail, metrics, Meta’s ranking words, the verdict and the curve', async () => {
    serve();
    renderWithMeta(<AdOptimizerScreen />);
    const group = await screen.findByRole('group', { name: 'Ad Tired ad' });
    expect(screen.queryByRole('group', { name: 'Ad Fresh ad' })).not.toBeInTheDocument();
    expect(within(group).getByRole('img', { name: 'Creative of Tired ad' })).toHaveAttribute(
      'src',
      'https://scontent.example/t.jpg',
    );
    const metrics = within(group).getByLabelText('Last 7 days of Tired ad');
    expect(metrics).toHaveTextContent('CTR (link)0.80%');
    expect(metrics).toHaveTextContent('Frequency2.5');
    expect(metrics).toHaveTextContent('$15.06');
    expect(metrics).toHaveTextContent('$120.50');
    const rankings = within(group).getByRole('list', { name: "Meta's rankings of Tired ad" });
    expect(rankings).toHaveTextContent('Quality ranking: Below average - Bottom 10% of ads');
    expect(rankings).toHaveTextContent('Engagement rate ranking: Average');
    expect(rankings).toHaveTextContent('Conversion rate ranking: —');
    expect(within(group).getByText('Creative fatigue')).toBeInTheDocument();
    expect(within(group).getByText(/first week from/)).toHaveTextContent('Link CTR by day over 14 days');
    expect(callsTo('adOptimizerAds')[0]!.params).toEqual({ id: usdAccount.id });

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    expect(screen.getByRole('group', { name: 'Ad Fresh ad' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'low_ranking');
    expect(await screen.findByText('No low ranking ads right now')).toBeInTheDocument();
  });

  it('an account without ads says so', async () => {
    serve({ adOptimizerAds: () => list([]) });
    renderWithMeta(<AdOptimizerScreen />);
    expect(await screen.findByText('No ads in this account yet')).toBeInTheDocument();
  });

  it('rewrites, shows the diff of the chosen and edited variant, and sends nothing to Meta before the approval', async () => {
    const created: AdTest = {
      ...proposal,
      status: 'created',
      approvedCopy: { headline: 'Ready for the hills?', primaryText: 'Lighter boots.', description: 'Free returns' },
      copyAdId: '999',
      copyAdName: 'Tired ad — B',
      copyCreativeId: '998',
    };
    serve({ adOptimizerRewrite: () => proposal, adOptimizerApprove: () => created });
    renderWithMeta(<AdOptimizerScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rewrite and test: Tired ad' }));
    const drawer = screen.getByRole('dialog', { name: 'Rewrite and test “Tired ad”' });
    expect(within(drawer).getByLabelText('Current copy')).toHaveTextContent('Tired ad headline');
    expect(within(drawer).getByText(/CTR fell from 2%/)).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Write new copy' }));
    expect(callsTo('adOptimizerRewrite')[0]).toEqual({
      params: { id: '1' },
      body: {
        product: 'Tired ad headline',
        audience: 'Women aged 25–45 in the United States',
        variants: 3,
        variation: 0,
      },
    });
    // The ad set's name is bookkeeping: it is never offered as the audience.
    expect(within(drawer).getByLabelText('Target audience')).not.toHaveValue('Advantage+ audience | reach');
    await userEvent.click(await within(drawer).findByRole('radio', { name: 'Variant 2: Question' }));
    const headline = within(drawer).getByLabelText('Headline');
    expect(headline).toHaveValue('Ready for the trail?');
    await userEvent.clear(headline);
    await userEvent.type(headline, 'Ready for the hills?');

    const diff = within(drawer).getByLabelText('Current and proposed copy');
    expect(diff.querySelector('del')).toHaveTextContent('Tired ad headline');
    expect(diff.querySelector('ins')).toHaveTextContent('Ready for the hills?');
    expect(diff).toHaveTextContent('Description (unchanged)');
    expect(callsTo('adOptimizerApprove')).toHaveLength(0);

    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve: create a paused A/B copy' }));
    expect(callsTo('adOptimizerApprove')[0]).toEqual({
      params: { id: proposal.id },
      body: { headline: 'Ready for the hills?', primaryText: 'Lighter boots.', description: 'Free returns' },
    });
    expect(await within(drawer).findByText('A/B copy created, paused')).toBeInTheDocument();
    expect(within(drawer).getByText(/“Tired ad — B” is in the same ad set/)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('A/B copy created, paused, in the same ad set');
    expect(within(drawer).getByRole('button', { name: 'See the paused copy' })).toBeInTheDocument();
  });

  it('says why a rewrite failed (the AI quota) and keeps the drawer open', async () => {
    const { ApiError } = await import('@web/lib/api-client');
    serve({
      adOptimizerRewrite: () => {
        throw new ApiError('QUOTA_EXCEEDED', 429, 'You have used all 20 AI generations of your plan today.');
      },
    });
    renderWithMeta(<AdOptimizerScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rewrite and test: Tired ad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Write new copy' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You have used all 20 AI generations of your plan today.'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('arriving from an optimizer recommendation (?ad=) lists every ad and marks the one it named', async () => {
    serve();
    renderWithMeta(<AdOptimizerScreen />, { path: '/ad-optimizer?ad=2' });
    const named = await screen.findByRole('group', { name: 'Ad Fresh ad' });
    expect(named).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('group', { name: 'Ad Tired ad' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('all');
  });

  it('a rewrite the agent proposed (?rewrite=) opens in the drawer with its copy, approved only on a click', async () => {
    const asked: AdTest = { ...proposal, proposedBy: { conversationId: 'conv-1' } };
    serve({
      adOptimizerAds: () => list([fresh, tired], [asked]),
      adOptimizerApprove: () => ({ ...asked, status: 'created' }),
    });
    renderWithMeta(<AdOptimizerScreen />, { path: `/ad-optimizer?ad=1&rewrite=${asked.id}` });
    const drawer = await screen.findByRole('dialog', { name: 'Rewrite and test “Tired ad”' });
    // The agent's copy is there to choose and edit: nothing is written again, nothing is approved yet.
    expect(await within(drawer).findByLabelText('Headline')).toHaveValue('Boots that last');
    expect(callsTo('adOptimizerRewrite')).toHaveLength(0);
    expect(callsTo('adOptimizerApprove')).toHaveLength(0);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Approve: create a paused A/B copy' }));
    expect(callsTo('adOptimizerApprove')[0]).toEqual({
      params: { id: asked.id },
      body: { headline: 'Boots that last', primaryText: 'Go further.', description: 'Try them' },
    });
  });

  const createdCopy = (approvedAt: string, undoUntil?: string): AdTest => ({
    ...proposal,
    status: 'created',
    approvedCopy: { headline: 'Boots that last', primaryText: 'Go further.', description: 'Try them' },
    copyAdId: '999',
    copyAdName: 'Tired ad — B',
    copyCreativeId: '998',
    approvedAt,
    ...(undoUntil ? { undoUntil } : {}),
  });

  it('offers to delete an A/B copy for 24 hours after it was made, and deletes it on request', async () => {
    // The list was read at 10:00 on the 19th; the copy was made at 09:00.
    const created = createdCopy('2026-01-19T09:00:00Z', '2026-01-20T09:00:00Z');
    let current = created;
    serve({
      adOptimizerAds: () => list([fresh, tired], [current]),
      adOptimizerUndo: () => (current = { ...created, status: 'deleted', deletedAt: '2026-01-19T10:02:00Z' }),
    });
    renderWithMeta(<AdOptimizerScreen />);
    const group = await screen.findByRole('group', { name: 'Ad Tired ad' });
    await userEvent.click(within(group).getByRole('button', { name: 'Delete the A/B copy of Tired ad' }));
    expect(callsTo('adOptimizerUndo')).toEqual([{ params: { id: proposal.id } }]);
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('The A/B copy was deleted'));
    await vi.waitFor(() =>
      expect(within(group).queryByRole('button', { name: 'Delete the A/B copy of Tired ad' })).not.toBeInTheDocument(),
    );
  });

  it.each([
    { name: 'with its recorded end passed', created: createdCopy('2026-01-17T09:00:00Z', '2026-01-18T09:00:00Z') },
    { name: 'made before the end was recorded, two days ago', created: createdCopy('2026-01-17T09:00:00Z') },
  ])('no longer offers to delete an A/B copy after 24 hours ($name)', async ({ created }) => {
    serve({ adOptimizerAds: () => list([fresh, tired], [created]) });
    renderWithMeta(<AdOptimizerScreen />);
    const group = await screen.findByRole('group', { name: 'Ad Tired ad' });
    expect(within(group).getByRole('button', { name: 'See the A/B copy' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: /Delete the A\/B copy/ })).not.toBeInTheDocument();
    expect(within(group).getByText(/over 24 hours old: pause or delete it in Ads Manager/)).toBeInTheDocument();
  });

  it('proposes one-element tests: element, control → variant, why and the honest expected effect; creates the copy as proposed', async () => {
    const buttonTest: AdTest = {
      ...proposal,
      id: '6c1f5b63-8b54-4d2f-8c8f-3a2e0b4d7f22',
      adId: '2',
      adName: 'Fresh ad',
      reason: 'Call to action “Shop now” won.',
      original: { ...proposal.original, callToAction: 'LEARN_MORE' },
      variants: [
        {
          angle: 'benefit',
          headline: 'Fresh ad headline',
          primaryText: 'Gear up for the trail.',
          description: 'Free returns',
          callToAction: 'SHOP_NOW',
        },
      ],
      elementTest: {
        element: 'callToAction',
        elementLabel: 'Call to action',
        control: 'LEARN_MORE',
        controlLabel: 'Learn more',
        variant: 'SHOP_NOW',
        variantLabel: 'Shop now',
        basis: 'winner',
        probability: 0.994,
        groupLabel: 'Sales · Purchases',
        why: 'Call to action “Shop now” won in Sales · Purchases: 99.4% likely the best on cost per result.',
        expectedEffect: 'Expected: a lower cost per result than “Learn more”.',
        controlElements: { callToAction: 'LEARN_MORE' },
      },
    };
    const certain: AdTest = {
      ...buttonTest,
      id: '8e3b7d85-ad76-4f40-8eab-5c4a2d6f9b44',
      adName: 'Sure ad',
      elementTest: { ...buttonTest.elementTest!, probability: 1 },
    };
    const angleTest: AdTest = {
      ...buttonTest,
      id: '7d2a6c74-9c65-4e3f-9d9a-4b3f1c5e8a33',
      adId: '1',
      adName: 'Tired ad',
      variants: [{ ...buttonTest.variants[0]!, angle: 'social_proof', headline: 'Loved by 10,000 hikers' }],
      elementTest: {
        ...buttonTest.elementTest!,
        element: 'angle',
        elementLabel: 'Headline angle',
        control: 'benefit',
        controlLabel: 'Benefit',
        variant: 'social_proof',
        variantLabel: 'Social proof',
        basis: 'exploratory',
        why: 'No headline angle has won in Sales · Purchases yet.',
        expectedEffect: 'Exploratory: no effect is predicted.',
      },
    };
    delete angleTest.elementTest!.probability;
    // The server's list holds the tests once proposed (they are stored as rewrites).
    let stored: AdTest[] = [];
    serve({
      adOptimizerAds: () => list([fresh, tired], stored),
      adOptimizerElementTests: () => {
        stored = [buttonTest, angleTest, certain];
        return { adAccountId: usdAccount.id, proposed: stored, aiGenerations: 1 };
      },
      adOptimizerApprove: () => {
        const created: AdTest = { ...buttonTest, status: 'created', copyAdId: '999', copyAdName: 'Fresh ad — B' };
        stored = [created, angleTest, certain];
        return created;
      },
    });
    renderWithMeta(<AdOptimizerScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Propose one-element tests' }));
    expect(callsTo('adOptimizerElementTests')[0]).toEqual({ params: { id: usdAccount.id } });

    const tests = await screen.findByRole('list', { name: 'One-element tests' });
    const button = within(tests).getByRole('listitem', { name: 'Call to action: Learn more → Shop now in “Fresh ad”' });
    expect(within(button).getByText('Winner, 99% likely best')).toBeInTheDocument();
    // A chance the report rounded to 1 is not worded as a certainty.
    const sure = within(tests).getByRole('listitem', { name: 'Call to action: Learn more → Shop now in “Sure ad”' });
    expect(within(sure).getByText('Winner, over 99% likely best')).toBeInTheDocument();
    expect(within(button).getByText(/Expected: a lower cost per result than “Learn more”/)).toBeInTheDocument();
    const angle = within(tests).getByRole('listitem', {
      name: 'Headline angle: Benefit → Social proof in “Tired ad”',
    });
    expect(within(angle).getByText('Exploratory')).toBeInTheDocument();
    expect(within(angle).getByText('Exploratory: no effect is predicted.')).toBeInTheDocument();
    expect(within(angle).getByLabelText('New words for “Tired ad”')).toHaveTextContent('Loved by 10,000 hikers');
    expect(callsTo('adOptimizerApprove')).toHaveLength(0);

    await userEvent.click(
      within(button).getByRole('button', {
        name: 'Create the paused copy: Call to action: Learn more → Shop now in “Fresh ad”',
      }),
    );
    // Sent exactly as proposed: the ad's own words, only the button changed.
    expect(callsTo('adOptimizerApprove')[0]).toEqual({
      params: { id: buttonTest.id },
      body: {
        headline: 'Fresh ad headline',
        primaryText: 'Gear up for the trail.',
        description: 'Free returns',
        callToAction: 'SHOP_NOW',
      },
    });
    expect(
      await within(tests).findByRole('button', { name: 'See the paused copy “Fresh ad — B”' }),
    ).toBeInTheDocument();
  });

  it('says why no one-element test was proposed', async () => {
    serve({
      adOptimizerElementTests: () => ({
        adAccountId: usdAccount.id,
        proposed: [],
        note: 'No ad with delivery in the last eight weeks has its elements recorded.',
        aiGenerations: 0,
      }),
    });
    renderWithMeta(<AdOptimizerScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Propose one-element tests' }));
    expect(
      await screen.findByText('No ad with delivery in the last eight weeks has its elements recorded.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'One-element tests' })).not.toBeInTheDocument();
  });
});
