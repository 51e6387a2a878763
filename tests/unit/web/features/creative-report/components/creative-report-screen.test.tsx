import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Recharts from 'recharts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreativeElementReport, CreativeReport, CreativeValue } from '@shared/schemas/creative-report';
import { CreativeReportScreen } from '@web/features/creative-report/components/creative-report-screen';
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
// recharts measures its container; the test DOM has none, and the table holds the same numbers.
vi.mock('recharts', async (original) => ({
  ...(await original<typeof Recharts>()),
  ResponsiveContainer: () => null,
}));

function value(name: string, extra: Partial<CreativeValue>): CreativeValue {
  return {
    value: name,
    ads: 2,
    impressions: 20_000,
    linkClicks: 200,
    results: 20,
    spend: 200,
    ctrPercent: 1,
    costPerResult: 10,
    probabilityBestCtr: 0.5,
    probabilityBestCost: 0.5,
    winnerCtr: false,
    winnerCost: false,
    weeks: [
      {
        weekStart: '2026-01-05',
        impressions: 10_000,
        linkClicks: 110,
        results: 11,
        spend: 100,
        ctrPercent: 1.1,
        costPerResult: 9.09,
      },
      {
        weekStart: '2026-01-12',
        impressions: 10_000,
        linkClicks: 90,
        results: 9,
        spend: 100,
        ctrPercent: 0.9,
        costPerResult: 11.11,
      },
    ],
    ...extra,
  };
}

const appElements: CreativeElementReport[] = [
  {
    element: 'angle',
    label: 'Headline angle',
    values: [
      value('urgency', {
        ctrPercent: 2,
        costPerResult: 5,
        probabilityBestCtr: 0.999,
        probabilityBestCost: 0.98,
        winnerCtr: true,
        winnerCost: true,
      }),
      value('benefit', { probabilityBestCtr: 0.001, probabilityBestCost: 0.02 }),
    ],
  },
  {
    element: 'callToAction',
    label: 'Call to action',
    values: [value('SHOP_NOW', { probabilityBestCtr: 0.6 }), value('LEARN_MORE', { probabilityBestCtr: 0.4 })],
  },
];

// Awareness ran the question angle: a person reached costs cents, which would beat every install.
const awarenessElements: CreativeElementReport[] = [
  {
    element: 'angle',
    label: 'Headline angle',
    values: [
      value('question', { costPerResult: 0.8, probabilityBestCost: 0.6 }),
      value('urgency', { costPerResult: 0.9, probabilityBestCost: 0.4 }),
    ],
  },
];

const group = (key: string, label: string, spend: number, elements: CreativeElementReport[]) => ({
  key,
  objective: key.split('|')[0]!,
  resultType: key.split('|')[1]!,
  label,
  spend,
  results: 40,
  adsWithElements: 3,
  adsWithoutElements: 1,
  elements,
});

const report: CreativeReport = {
  adAccountId: usdAccount.id,
  currency: 'USD',
  since: '2025-11-24',
  until: '2026-01-18',
  winnerThreshold: 0.95,
  adsWithElements: 6,
  adsWithoutElements: 3,
  groups: [
    group('OUTCOME_APP_PROMOTION|mobile_app_install', 'App promotion · App installs', 400, appElements),
    group('OUTCOME_AWARENESS|reach', 'Awareness · People reached', 120, awarenessElements),
  ],
  generatedAt: '2026-01-19T10:00:00Z',
  graphCalls: 3,
};

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveAccountScreen(api.apiRequest, { creativeReport: () => report }, overrides);

const callsTo = (name: string) =>
  api.apiRequest.mock.calls.filter(([called]) => called === name).map(([, input]) => input as ApiInput);

describe('creative report screen', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('asks to connect Meta when it is not connected', async () => {
    serve({ metaConnection: () => notConnected });
    renderWithMeta(<CreativeReportScreen />);
    expect(await screen.findByText('Connect Meta to see your creative report')).toBeInTheDocument();
    expect(callsTo('creativeReport')).toHaveLength(0);
  });

  it('names the winning angle, and says the call-to-action difference may be noise, in a table per element', async () => {
    serve();
    renderWithMeta(<CreativeReportScreen />);
    const angle = await screen.findByRole('region', { name: 'Headline angle' });
    expect(callsTo('creativeReport')[0]!.params).toEqual({ id: usdAccount.id });
    expect(
      within(angle).getByText('Winning: urgency (cost per result and CTR), each at least 95% likely to beat the rest.'),
    ).toBeInTheDocument();
    const urgency = within(angle).getByRole('row', { name: /^urgency/ });
    expect(urgency).toHaveTextContent('2.00%');
    expect(urgency).toHaveTextContent('$5.00');
    expect(urgency).toHaveTextContent('100%');
    expect(urgency).toHaveTextContent('Winner on cost per result and CTR');
    expect(urgency).toHaveTextContent('1.10% → 0.90%');
    expect(within(angle).getByRole('row', { name: /^benefit/ })).toHaveTextContent('No clear winner');

    const cta = screen.getByRole('region', { name: 'Call to action' });
    expect(within(cta).getByText(/No value is at least 95% likely to beat the rest yet/)).toBeInTheDocument();
    expect(within(cta).queryByText(/^Winner on/)).not.toBeInTheDocument();
    expect(screen.getByText(/6 ads with known elements, 3 ads made elsewhere not yet tagged/)).toBeInTheDocument();
  });

  it('ranks within one objective at a time: the most spent by default, another chosen in the selector', async () => {
    serve();
    renderWithMeta(<CreativeReportScreen />);
    const select = await screen.findByRole('combobox', { name: 'Objective and result' });
    expect(select).toHaveDisplayValue('App promotion · App installs ($400.00 spent)');
    expect(
      within(screen.getByRole('region', { name: 'Headline angle' })).queryByRole('row', { name: /^question/ }),
    ).toBeNull();

    await userEvent.selectOptions(select, 'Awareness · People reached ($120.00 spent)');
    const angle = screen.getByRole('region', { name: 'Headline angle' });
    expect(within(angle).getByRole('row', { name: /^question/ })).toHaveTextContent('$0.80');
    expect(within(angle).getByText(/No value is at least 95% likely/)).toBeInTheDocument();
    // The app campaign's call to action is not part of the awareness report.
    expect(screen.queryByRole('region', { name: 'Call to action' })).toBeNull();
  });

  it('says when no ad with results was made with Adsmith', async () => {
    serve({ creativeReport: () => ({ ...report, adsWithElements: 0, groups: [] }) });
    renderWithMeta(<CreativeReportScreen />);
    expect(
      await screen.findByText(/None of the ads with results in these weeks was made with Adsmith/),
    ).toHaveAttribute('role', 'status');
  });

  it('tags ads made elsewhere on request, shows what was tagged, and reads the report again', async () => {
    let tagged = false;
    serve({
      creativeReport: () => (tagged ? { ...report, adsWithElements: 9, adsWithoutElements: 0 } : report),
      creativeTags: () => {
        tagged = true;
        return { adAccountId: usdAccount.id, tagged: 3, remaining: 0 };
      },
    });
    renderWithMeta(<CreativeReportScreen />);
    const button = await screen.findByRole('button', { name: 'Tag ads made elsewhere with AI' });
    await userEvent.click(button);
    expect(await screen.findByText('3 ads tagged')).toBeInTheDocument();
    expect(callsTo('creativeTags')[0]!.params).toEqual({ id: usdAccount.id });
    expect(await screen.findByText(/9 ads with known elements\./)).toBeInTheDocument();
    expect(callsTo('creativeReport').length).toBeGreaterThan(1);
  });

  it('says plainly when the tagging failed', async () => {
    const { ApiError } = await import('@web/lib/api-client');
    serve({
      creativeTags: () => {
        throw new ApiError('QUOTA_EXCEEDED', 429, 'You have used all 50 AI generations of today.');
      },
    });
    renderWithMeta(<CreativeReportScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Tag ads made elsewhere with AI' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ads not tagged');
    expect(alert).toHaveTextContent('You have used all 50 AI generations of today.');
  });

  it('shows hook and hold rates when video ads ran, and names a hook winner', async () => {
    const videoValue = (name: string, hook: number, winner: boolean) =>
      value(name, {
        video: {
          plays: 600,
          thruPlays: 240,
          hookRatePercent: hook,
          holdRatePercent: 40,
          probabilityBestHook: winner ? 0.99 : 0.01,
          probabilityBestHold: 0.5,
          winnerHook: winner,
          winnerHold: false,
        },
      });
    const template: CreativeElementReport = {
      element: 'template',
      label: 'Template',
      values: [
        videoValue('story-urgency', 30, true),
        videoValue('story-benefit', 20, false),
        value('product-hero', {}),
      ],
    };
    serve({
      creativeReport: () => ({
        ...report,
        groups: [group('OUTCOME_APP_PROMOTION|mobile_app_install', 'App promotion · App installs', 400, [template])],
      }),
    });
    renderWithMeta(<CreativeReportScreen />);
    const section = await screen.findByRole('region', { name: 'Template' });
    expect(within(section).getByRole('columnheader', { name: 'Hook rate' })).toBeInTheDocument();
    expect(within(section).getByRole('columnheader', { name: 'Hold rate' })).toBeInTheDocument();
    const urgency = within(section).getByRole('row', { name: /^story-urgency/ });
    expect(urgency).toHaveTextContent('30.00%');
    expect(urgency).toHaveTextContent('Winner on hook rate');
    expect(within(section).getByRole('row', { name: /^product-hero/ })).toHaveTextContent('Not a video');
    expect(within(section).getByText(/Winning: story-urgency \(hook rate\)/)).toBeInTheDocument();
  });

  it('says there is nothing to compare, with dashes not 0 % chances, when an element has one value', async () => {
    const lone: CreativeElementReport = {
      element: 'format',
      label: 'Format',
      values: [value('single_image', {})],
      compared: false,
    };
    serve({
      creativeReport: () => ({
        ...report,
        groups: [group('OUTCOME_APP_PROMOTION|mobile_app_install', 'App promotion · App installs', 400, [lone])],
      }),
    });
    renderWithMeta(<CreativeReportScreen />);
    const section = await screen.findByRole('region', { name: 'Format' });
    expect(
      within(section).getByText(/Only one value so far: there is nothing to compare it with yet/),
    ).toBeInTheDocument();
    const row = within(section).getByRole('row', { name: /^single_image/ });
    expect(row).toHaveTextContent('—');
    expect(row).toHaveTextContent('Nothing to compare yet');
    expect(row).not.toHaveTextContent('50%');
  });
});
