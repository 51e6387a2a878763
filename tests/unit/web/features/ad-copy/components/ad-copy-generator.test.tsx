import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdCopyRequestInput } from '@shared/schemas/ai';
import type { CreativeReport } from '@shared/schemas/creative-report';
import { AdCopyGenerator } from '@web/features/ad-copy/components/ad-copy-generator';
import { creativeValue, salesCreativeReport } from '@tests/support/creative-report-fixtures';
import { type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import { notConnected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { resetAccountScreen, serveAccountScreen } from '@tests/unit/web/support/meta-account/account-screen';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { type ApiInput } from '@tests/unit/web/support/meta-account/serve-api';

/** The ad copy screen starts from what won in the selected ad account (issue 29 req 5), as the campaign brief does. */

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@web/lib/ai/use-ai-connection', () => ({
  useAIConnection: () => ({
    client: null,
    apiKey: null,
    isConfigured: true,
    loading: false,
    connectionStatus: 'connected',
    mode: 'server',
    server: { model: 'offline-demo', provider: 'offline-demo-model', key: 'configured-on-server' },
    offlineModel: true,
    lastError: null,
    setApiKey: () => true,
    clearApiKey: () => undefined,
    refresh: async () => undefined,
  }),
}));

function reportWith(wins: boolean): CreativeReport {
  return salesCreativeReport(usdAccount.id, [
    {
      element: 'angle',
      label: 'Headline angle',
      values: [creativeValue('question', { winnerCost: wins, probabilityBestCost: 0.98 }), creativeValue('benefit')],
    },
    {
      element: 'callToAction',
      label: 'Call to action',
      values: [creativeValue('BOOK_NOW', { winnerCtr: wins, probabilityBestCtr: 0.97 }), creativeValue('LEARN_MORE')],
    },
    // The ad copy screen writes words: a winning template is the graphics generator's, never named here.
    {
      element: 'template',
      label: 'Template',
      values: [
        creativeValue('offer-badge', { winnerCost: true, probabilityBestCost: 0.99 }),
        creativeValue('testimonial'),
      ],
    },
  ]);
}

const variants = [
  { angle: 'question', headline: 'Ready?', primaryText: 'Book a tour.', description: '', callToAction: 'BOOK_NOW' },
];

function serve(report: CreativeReport, overrides = {}) {
  serveAccountScreen(
    api.apiRequest,
    {
      creativeReport: () => report,
      businessLanguages: () => ({ languages: ['en'], updatedAt: '2026-11-29T10:00:00Z' }),
      billingUsage: () => ({ plan: 'free', limits: [] }),
      aiAdCopyHistory: () => ({ items: [] }),
      aiGenerateAdCopy: () => ({
        variants,
        model: 'offline-demo',
        offline: true,
        quota: { used: 1, limit: 20, resetsAt: '2026-11-28T00:00:00Z' },
      }),
    },
    overrides,
  );
}

const generated = () =>
  api.apiRequest.mock.calls
    .filter(([name]) => name === 'aiGenerateAdCopy')
    .map(([, input]) => (input as ApiInput & { body: AdCopyRequestInput }).body);

async function fillAndGenerate(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Product or service'), 'Guided city walking tours');
  await user.type(screen.getByLabelText('Target audience'), 'Visitors to Lisbon');
  await user.click(screen.getByRole('button', { name: /Generate/ }));
}

describe('the ad copy screen starts from what wins', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it("names the selected account's winning angle and call to action and sends them, unless turned off", async () => {
    serve(reportWith(true));
    const user = userEvent.setup();
    renderWithMeta(<AdCopyGenerator />);
    const toggle = await screen.findByRole('checkbox', { name: 'Start from what wins in this ad account' });
    expect(toggle).toBeChecked();
    expect(
      screen.getByText(
        /^Based on your best-performing headline angle \(Question\) and call to action \(Book now\), in Sales · Purchases/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/template/)).toBeNull();
    await fillAndGenerate(user);
    await waitFor(() => expect(generated()).toHaveLength(1));
    expect(generated()[0]!.startFrom).toEqual({ angle: 'question', callToAction: 'BOOK_NOW' });

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: /Generate/ }));
    await waitFor(() => expect(generated()).toHaveLength(2));
    expect(generated()[1]!.startFrom).toBeUndefined();
  });

  it('claims and sends nothing when no angle or call to action won (a winning template is not its to claim)', async () => {
    serve(reportWith(false));
    const user = userEvent.setup();
    renderWithMeta(<AdCopyGenerator />);
    await waitFor(() => expect(api.apiRequest).toHaveBeenCalledWith('creativeReport', expect.anything()));
    await fillAndGenerate(user);
    await waitFor(() => expect(generated()).toHaveLength(1));
    expect(generated()[0]!.startFrom).toBeUndefined();
    expect(screen.queryByRole('checkbox', { name: /what wins/ })).toBeNull();
    expect(screen.queryByText(/best-performing/)).toBeNull();
  });

  it('without a Meta connection it writes as before, with no hint', async () => {
    serve(reportWith(true), { metaConnection: () => notConnected });
    const user = userEvent.setup();
    renderWithMeta(<AdCopyGenerator />);
    await fillAndGenerate(user);
    await waitFor(() => expect(generated()).toHaveLength(1));
    expect(generated()[0]!.startFrom).toBeUndefined();
    expect(api.apiRequest).not.toHaveBeenCalledWith('creativeReport', expect.anything());
  });
});

describe('the ad copy screen writes in the business languages (issue 29 req 3)', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('starts from the business languages, writes the variants in each, and groups them per language', async () => {
    serve(reportWith(false), {
      businessLanguages: () => ({ languages: ['en', 'es-MX', 'de'], updatedAt: '2026-11-29T10:00:00Z' }),
      aiGenerateAdCopy: (input: ApiInput & { body: AdCopyRequestInput }) => ({
        variants: [{ ...variants[0], headline: `Ready? (${input.body.language})` }],
        model: 'offline-demo',
        offline: true,
        quota: { used: 1, limit: 20, resetsAt: '2026-11-28T00:00:00Z' },
      }),
    });
    const user = userEvent.setup();
    renderWithMeta(<AdCopyGenerator />);
    // English is the brief's own language; Spanish and German are offered, checked, as further ones.
    const spanish = await screen.findByRole('checkbox', { name: 'Spanish' });
    expect(spanish).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await fillAndGenerate(user);

    await waitFor(() => expect(generated().map((body) => body.language)).toEqual(['en', 'es']));
    const english = await screen.findByRole('list', { name: 'Ad copy variants in English' });
    expect(within(english).getByDisplayValue('Ready? (en)')).toBeInTheDocument();
    const inSpanish = screen.getByRole('list', { name: 'Ad copy variants in Spanish' });
    expect(within(inSpanish).getByDisplayValue('Ready? (es)')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Ad copy variants in German' })).toBeNull();
  });
});
