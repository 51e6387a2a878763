import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MmmReport } from '@shared/schemas/mmm';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { MetaHandoff } from '@web/features/marketing-mix/components/meta-handoff';
import { ApiError } from '@web/lib/api-client';
import { testUser } from '@tests/unit/web/support/cognito-mock';
import { connected, notConnected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { serveApi, type ApiHandler, type ApiInput } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as { getSignedInUser: ReturnType<typeof vi.fn> } }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const MODEL_ID = '0f8e3c52-7a43-4c1e-9b7e-2f1d9a3c6e11';
const channel = (name: string, current: number, optimal: number) => ({
  name,
  current,
  optimal,
  lower: current / 2,
  upper: current * 2,
  marginalRoi: 1.5,
  atBound: null,
});
// The panel reads the allocation only.
const report = (names: Array<[string, number, number]>) =>
  ({ allocation: { channels: names.map(([n, c, o]) => channel(n, c, o)) } }) as unknown as MmmReport;

const proposal = {
  id: '111.mmm-x',
  title: 'Raise Meta to 120 USD a day, as the marketing-mix model “Q3” allocates',
  changes: [{}, {}],
} as unknown as StoredRecommendation;

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveApi(
    api.apiRequest,
    {
      metaConnection: () => connected,
      metaAdAccounts: () => ({ data: [usdAccount] }),
      optimizerMmmHandoff: () => proposal,
    },
    overrides,
  );
const handoffCalls = () =>
  api.apiRequest.mock.calls.filter(([name]) => name === 'optimizerMmmHandoff').map(([, input]) => input as ApiInput);

describe('Send the Meta budget to the optimizer', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    localStorage.clear();
  });

  it('is not offered without a Meta connection', async () => {
    serve({ metaConnection: () => notConnected });
    renderWithMeta(<MetaHandoff modelId={MODEL_ID} report={report([['facebook', 100, 150]])} />);
    await vi.waitFor(() => expect(api.apiRequest.mock.calls.map(([name]) => name)).toContain('metaConnection'));
    // Let the connection's answer settle before looking.
    await act(async () => {
      await api.apiRequest.mock.results[0]!.value;
    });
    expect(screen.queryByRole('button', { name: 'Send Meta budget to the optimizer' })).not.toBeInTheDocument();
  });

  it('preselects the channel named like Meta, sends it for the chosen account and links to the optimizer', async () => {
    serve();
    renderWithMeta(
      <MetaHandoff
        modelId={MODEL_ID}
        report={report([
          ['tv', 500, 400],
          ['facebook_ads', 100, 150],
        ])}
      />,
    );
    const select = await screen.findByRole('combobox', { name: 'Meta channel' });
    expect(select).toHaveValue('facebook_ads');
    expect(screen.getByText('100 now, 150 proposed over the window.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Meta budget to the optimizer' }));
    expect(await screen.findByText('Waiting for your approval in the optimizer')).toBeInTheDocument();
    expect(handoffCalls()).toEqual([
      { params: { id: usdAccount.id }, body: { modelId: MODEL_ID, channel: 'facebook_ads' } },
    ]);
    expect(screen.getByText(/2 budgets to review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review it in the optimizer' })).toHaveAttribute('href', '/optimizer');
  });

  it('preselects the channel that came from “use my Meta spend” even when the marketer renamed it', async () => {
    serve();
    const renamed = {
      ...report([
        ['facebook_organic_reach', 50, 60],
        ['Paid social', 100, 150],
        ['tv', 500, 400],
      ]),
      metaChannel: 'Paid social',
    } as MmmReport;
    renderWithMeta(<MetaHandoff modelId={MODEL_ID} report={renamed} />);
    const select = await screen.findByRole('combobox', { name: 'Meta channel' });
    // By origin, not by name: the column named like Facebook is not the one Meta's spend filled.
    expect(select).toHaveValue('Paid social');
    await userEvent.click(screen.getByRole('button', { name: 'Send Meta budget to the optimizer' }));
    await screen.findByText('Waiting for your approval in the optimizer');
    expect(handoffCalls()[0]!.body).toEqual({ modelId: MODEL_ID, channel: 'Paid social' });
  });

  it('waits for a channel to be marked as Meta, sends a target ROI, and refuses a bad one', async () => {
    serve();
    renderWithMeta(<MetaHandoff modelId={MODEL_ID} report={report([['x1', 10, 20]])} />);
    const send = await screen.findByRole('button', { name: 'Send Meta budget to the optimizer' });
    expect(send).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Meta channel' }), 'x1');
    const roi = screen.getByRole('textbox', { name: 'Target ROI (optional)' });
    await userEvent.type(roi, '-2');
    expect(screen.getByText('A target ROI is a number above 0, at most 1,000.')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await userEvent.clear(roi);
    await userEvent.type(roi, '2.5');
    await userEvent.click(send);
    await screen.findByText('Waiting for your approval in the optimizer');
    expect(handoffCalls()[0]!.body).toEqual({ modelId: MODEL_ID, channel: 'x1', targetRoi: 2.5 });
  });

  it('shows why the server refused, in its words', async () => {
    serve({
      optimizerMmmHandoff: () => {
        throw new ApiError('CONFLICT', 409, 'The model gives Meta 0.04 USD a day; the account needs at least 3 USD.');
      },
    });
    renderWithMeta(<MetaHandoff modelId={MODEL_ID} report={report([['meta_spend', 10, 20]])} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send Meta budget to the optimizer' }));
    expect(await screen.findByText('Not handed off')).toBeInTheDocument();
    expect(screen.getByText(/the account needs at least 3 USD/)).toBeInTheDocument();
  });
});
