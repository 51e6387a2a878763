import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalibrationEffectView } from '@shared/schemas/mmm-trust';
import { CalibrationPanel } from '@web/features/marketing-mix/components/calibration-panel';
import { FitForm } from '@web/features/marketing-mix/components/fit-form';
import { testUser } from '@tests/unit/web/support/cognito-mock';
import { notConnected } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { serveApi } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as { getSignedInUser: ReturnType<typeof vi.fn> } }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const DATASET_ID = '11111111-1111-4111-8111-111111111111';
const MODEL_ID = '22222222-2222-4222-8222-222222222222';
const dataset = {
  id: DATASET_ID,
  name: 'Shop',
  createdAt: '2026-01-01T00:00:00Z',
  periods: 104,
  firstDate: '2024-01-01',
  lastDate: '2025-12-22',
  kpi: 'revenue',
  kpiKind: 'revenue',
  channels: ['search', 'social'],
  controls: [],
};

describe('lift tests on the fit form', () => {
  let started: unknown[];
  beforeEach(() => {
    started = [];
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    serveApi(api.apiRequest, {
      metaConnection: () => notConnected,
      mmmListDatasets: () => ({ items: [dataset] }),
      mmmStartFit: ({ body }) => {
        started.push(body);
        return { id: MODEL_ID };
      },
    });
  });

  it('sends a Meta Conversion Lift result with its interval, and names the field a bad test gets wrong', async () => {
    const onStarted = vi.fn();
    renderWithMeta(<FitForm datasetId={DATASET_ID} onDatasetChange={() => undefined} onStarted={onStarted} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a lift test' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lift test 1: channel' }), 'social');
    const start = screen.getByLabelText('Lift test 1: first day');
    await user.clear(start);
    await user.type(start, '2025-03-03');
    const end = screen.getByLabelText('Lift test 1: last day');
    await user.clear(end);
    await user.type(end, '2025-03-30');
    await user.type(screen.getByLabelText('Lift test 1: extra revenue'), '12000');
    // No uncertainty yet: refused beside the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Fit model' }));
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Lift test 1: standard error')).toHaveAttribute('aria-invalid', 'true');
    expect(started).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Lift test 1: uncertainty as' }), 'interval');
    await user.type(screen.getByLabelText('Lift test 1: interval low'), '9000');
    await user.type(screen.getByLabelText('Lift test 1: interval high'), '15000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lift test 1: interval level' }), '0.95');
    await user.click(screen.getByRole('button', { name: 'Fit model' }));
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith(MODEL_ID));
    expect(started).toEqual([
      expect.objectContaining({
        datasetId: DATASET_ID,
        liftTests: [
          {
            channel: 'social',
            source: 'meta-conversion-lift',
            start: '2025-03-03',
            end: '2025-03-30',
            lift: 12000,
            interval: { low: 9000, high: 15000, level: 0.95 },
          },
        ],
      }),
    ]);
  });

  it('refuses a test that ends before it starts, and can remove it', async () => {
    renderWithMeta(<FitForm datasetId={DATASET_ID} onDatasetChange={() => undefined} onStarted={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a lift test' }));
    // Inside the data's dates (the browser itself refuses a day outside them), but before the first day.
    const start = screen.getByLabelText('Lift test 1: first day');
    await user.clear(start);
    await user.type(start, '2025-06-02');
    const end = screen.getByLabelText('Lift test 1: last day');
    await user.clear(end);
    await user.type(end, '2025-03-02');
    await user.type(screen.getByLabelText('Lift test 1: extra revenue'), '500');
    await user.type(screen.getByLabelText('Lift test 1: standard error'), '50');
    await user.click(screen.getByRole('button', { name: 'Fit model' }));
    expect(await screen.findByText('The test ends before it starts.')).toBeInTheDocument();
    expect(started).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove lift test 1' }));
    expect(screen.queryByLabelText('Lift test 1: channel')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fit model' }));
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ liftTests: [] });
  });
});

describe('CalibrationPanel', () => {
  const calibration: CalibrationEffectView = {
    tests: [
      {
        channel: 'search',
        source: 'geo-test',
        start: '2025-03-03',
        end: '2025-04-27',
        lift: 80_000,
        standardError: 8_000,
        withoutTests: 61_000,
        withTests: 78_500,
      },
    ],
    channels: [
      {
        name: 'search',
        roiWithoutTests: 2.35,
        roiWithTests: 2.86,
        roi: {
          withoutTests: { estimate: 2.35, low: 1.71, high: 4.91 },
          withTests: { estimate: 2.86, low: 2.57, high: 3.5 },
        },
        contribution: {
          withoutTests: { estimate: 2_350_000, low: 1_710_000, high: 4_910_000 },
          withTests: { estimate: 2_860_000, low: 2_570_000, high: 3_500_000 },
        },
      },
    ],
    mapeLift: { withoutTests: 0.24, withTests: 0.02 },
  };

  it('shows each test against the model and each channel before → after with intervals', () => {
    render(<CalibrationPanel calibration={calibration} kpiKind="revenue" />);
    expect(screen.getByText(/went from 24 % without them to 2 % with them/)).toBeInTheDocument();
    const tests = screen.getByRole('table', { name: 'Each lift test against the model without and with the tests' });
    expect(within(tests).getByText('search, Geo test, 2025-03-03 to 2025-04-27')).toBeInTheDocument();
    const channels = screen.getByRole('table', {
      name: "Each channel's ROI and contribution without → with the tests",
    });
    expect(within(channels).getByText('2.35 (1.71 to 4.91) → 2.86 (2.57 to 3.5)')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: "How the lift tests moved each channel's ROI" })).toHaveTextContent(
      'search: 2.35 (1.71 to 4.91) without the tests, 2.86 (2.57 to 3.5) with them',
    );
  });
});
