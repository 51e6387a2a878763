import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MmmReport } from '@shared/schemas/mmm';
import type { WeekPlan } from '@shared/schemas/mmm-week-plan';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { WeekPlanPanel } from '@web/features/marketing-mix/components/week-plan-panel';
import { ApiError } from '@web/lib/api-client';
import { testUser } from '@tests/unit/web/support/cognito-mock';
import { connected, jpyAccount, notConnected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { serveApi, type ApiInput } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as { getSignedInUser: ReturnType<typeof vi.fn> } }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const MODEL_ID = '0f8e3c52-7a43-4c1e-9b7e-2f1d9a3c6e11';
// The panel reads the allocation's channel names only.
const report = { allocation: { channels: [{ name: 'search' }, { name: 'social' }] } } as unknown as MmmReport;
const week = (date: string, a: number, b: number, kpi: number) => ({
  date,
  spend: [a, b],
  kpi: { estimate: kpi, low: kpi - 500, high: kpi + 700 },
  media: 2_000,
  carryover: 300,
  baseline: kpi - 2_000,
});
const plan: WeekPlan = {
  kpiKind: 'revenue',
  level: 0.9,
  seasonSensitivity: 1,
  total: 16_000,
  channels: [
    { name: 'search', recentWeekly: 1_000, min: 500, max: 2_000, total: 9_000 },
    { name: 'social', recentWeekly: 1_000, min: 500, max: 2_000, total: 7_000 },
  ],
  weeks: [
    week('2026-01-05', 2_000, 1_500, 10_000),
    week('2026-01-12', 2_500, 2_000, 11_000),
    week('2026-01-19', 2_000, 1_500, 10_500),
    week('2026-01-26', 2_500, 2_000, 12_000),
  ],
  expectedKpi: { estimate: 43_500, low: 42_000, high: 45_000 },
  evenSplitKpi: 42_000,
  evenSplitTailKpi: 900,
  tailKpi: 1_000,
};
const handoffCalls = () =>
  api.apiRequest.mock.calls.filter(([name]) => name === 'optimizerMmmHandoff').map(([, input]) => input as ApiInput);
const planCalls = () =>
  api.apiRequest.mock.calls.filter(([name]) => name === 'mmmWeekPlan').map(([, input]) => input as ApiInput);

describe('Plan the weeks ahead', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
  });

  it('says there is no plan yet, refuses bad input beside its field, then sends the plan and shows it', async () => {
    serveApi(api.apiRequest, { metaConnection: () => notConnected, mmmWeekPlan: () => plan });
    renderWithMeta(<WeekPlanPanel modelId={MODEL_ID} modelName="Q3" report={report} />);
    expect(screen.getByText(/No plan yet/)).toBeInTheDocument();
    const user = userEvent.setup();
    const weeks = screen.getByRole('textbox', { name: 'Weeks to plan' });
    await user.clear(weeks);
    await user.type(weeks, '60');
    await user.type(screen.getByRole('textbox', { name: 'search: weekly minimum' }), '3000');
    await user.type(screen.getByRole('textbox', { name: 'search: weekly maximum' }), '1000');
    await user.click(screen.getByRole('button', { name: 'Plan the weeks' }));
    expect(await screen.findByText('Plan at most 52 weeks.')).toBeInTheDocument();
    expect(screen.getByText('The weekly minimum is above the maximum.')).toBeInTheDocument();
    expect(planCalls()).toEqual([]);

    await user.clear(weeks);
    await user.type(weeks, '4');
    await user.clear(screen.getByRole('textbox', { name: 'search: weekly maximum' }));
    await user.type(screen.getByRole('textbox', { name: 'Total budget' }), '16,000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Season sensitivity' }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Plan the weeks' }));
    expect(await screen.findByRole('button', { name: 'Download the plan (CSV)' })).toBeInTheDocument();
    expect(planCalls()).toEqual([
      {
        params: { id: MODEL_ID },
        body: { weeks: 4, totalBudget: 16_000, bounds: [{ channel: 'search', min: 3_000 }], seasonSensitivity: 0.5 },
      },
    ]);
    expect(screen.getByRole('figure', { name: 'Spend and expected KPI per week' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Plan per week' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4 + 1);
    expect(within(table).getByText(/43,500 \(42,000–45,000\)/)).toBeInTheDocument();
    expect(screen.queryByText(/No plan yet/)).not.toBeInTheDocument();
    // Without Meta there is nothing to hand off to, and the panel says what would make it possible.
    expect(screen.getByText(/Connect a Meta ad account to hand this plan’s Meta part/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand the Meta part to the optimizer' })).not.toBeInTheDocument();
  });

  it('hands the plan’s Meta part to the optimizer for the chosen account, with progress, then links to it', async () => {
    let answer: (proposal: StoredRecommendation) => void = () => undefined;
    serveApi(api.apiRequest, {
      metaConnection: () => connected,
      metaAdAccounts: () => ({ data: [usdAccount, jpyAccount] }),
      mmmWeekPlan: () => plan,
      optimizerMmmHandoff: () => new Promise((resolve) => (answer = resolve)),
    });
    // The channel filled from the connected account's spend is preselected, whatever its name.
    renderWithMeta(<WeekPlanPanel modelId={MODEL_ID} modelName="Q3" report={{ ...report, metaChannel: 'social' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Plan the weeks' }));
    const send = await screen.findByRole('button', { name: 'Hand the Meta part to the optimizer' });
    expect(screen.getByRole('combobox', { name: 'Week plan’s Meta channel' })).toHaveValue('social');
    expect(screen.getByText(/^1,500 in the week of 2026-01-05: 214(\.\d+)? a day\.$/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Week plan’s ad account' }), jpyAccount.id);
    await user.click(send);
    expect(await screen.findByRole('button', { name: /Handing off the week/ })).toBeDisabled();
    // The same request as the plan shown, so the API plans the same weeks.
    expect(handoffCalls()).toEqual([
      {
        params: { id: jpyAccount.id },
        body: { modelId: MODEL_ID, channel: 'social', weekPlan: { weeks: 13, bounds: [], seasonSensitivity: 1 } },
      },
    ]);
    answer({ id: 'x', title: 'Week of 2026-01-05: raise Meta to ¥214 a day', changes: [{}, {}] } as never);
    expect(
      await screen.findByText('Week of 2026-01-05 waiting for your approval in the optimizer'),
    ).toBeInTheDocument();
    expect(screen.getByText(/raise Meta to ¥214 a day: 2 budgets to review for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review the week in the optimizer' })).toHaveAttribute(
      'href',
      '/optimizer',
    );
  });

  it('says why the optimizer refused the week, and offers nothing to send without a Meta channel', async () => {
    serveApi(api.apiRequest, {
      metaConnection: () => connected,
      metaAdAccounts: () => ({ data: [usdAccount] }),
      mmmWeekPlan: () => plan,
      optimizerMmmHandoff: () => {
        throw new ApiError(
          'CONFLICT',
          409,
          'No active campaign or ad set of this ad account has a daily budget to set.',
        );
      },
    });
    renderWithMeta(<WeekPlanPanel modelId={MODEL_ID} modelName="Q3" report={report} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Plan the weeks' }));
    const send = await screen.findByRole('button', { name: 'Hand the Meta part to the optimizer' });
    // Neither channel is named like Meta: the marketer marks one first.
    expect(send).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Week plan’s Meta channel' }), 'search');
    await user.click(send);
    expect(await screen.findByText('Week not handed off')).toBeInTheDocument();
    expect(screen.getByText(/has a daily budget to set/)).toBeInTheDocument();
    expect(handoffCalls()).toHaveLength(1);
  });

  it('shows the API’s refusal, beside its field too', async () => {
    serveApi(api.apiRequest, {
      metaConnection: () => notConnected,
      mmmWeekPlan: () => {
        throw new ApiError('VALIDATION_ERROR', 400, 'The weekly minimums add up to 9000, more than the total of 100.', {
          totalBudget: 'The weekly minimums add up to 9000, more than the total of 100.',
        });
      },
    });
    renderWithMeta(<WeekPlanPanel modelId={MODEL_ID} modelName="Q3" report={report} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Total budget' }), '100');
    await user.click(screen.getByRole('button', { name: 'Plan the weeks' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No plan');
    expect(screen.getAllByText(/more than the total of 100/)).toHaveLength(2);
  });
});
