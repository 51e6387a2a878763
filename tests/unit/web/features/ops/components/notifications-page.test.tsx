import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationStatus } from '@shared/schemas/notifications';
import { createQueryClient } from '@web/app/providers/query-client';
import { NotificationsPage } from '@web/features/ops/components/notifications-page';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const status: NotificationStatus = {
  slack: { configured: true, host: 'hooks.slack.com' },
  webhook: { configured: false, host: null },
  deliveries: [
    {
      id: 'd2',
      target: 'slack',
      detailTypes: ['button_click'],
      eventCount: 37,
      status: 'delivered',
      httpStatus: 200,
      at: '2026-11-22T12:00:05.000Z',
    },
    {
      id: 'd1',
      target: 'slack',
      detailTypes: ['contact'],
      eventCount: 1,
      status: 'failed',
      httpStatus: 429,
      note: '429 rate limited, retry after 2 s',
      at: '2026-11-22T12:00:00.000Z',
    },
  ],
};

beforeEach(() => {
  api.apiRequest.mockReset();
  vi.mocked(toast.success).mockReset();
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
      <NotificationsPage />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('notifications page', () => {
  it('shows progress, then what is configured where and the last deliveries with their status', async () => {
    let answer: (value: NotificationStatus) => void = () => undefined;
    api.apiRequest.mockImplementation(() => new Promise<NotificationStatus>((resolve) => (answer = resolve)));
    renderPage();
    expect(screen.getByLabelText('Loading notification settings')).toHaveAttribute('aria-busy', 'true');
    answer(status);

    expect(await screen.findByText('Connected', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('hooks.slack.com')).toBeInTheDocument();
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test to Automation webhook' })).toBeDisabled();

    const rows = within(screen.getByRole('table', { name: 'Latest deliveries' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('37 × button_click')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Delivered (200)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed: 429 rate limited, retry after 2 s')).toBeInTheDocument();
  });

  it('sends a test to Slack and says so', async () => {
    api.apiRequest.mockImplementation(async (name: string, input?: { body?: unknown }) => {
      if (name === 'notificationStatus') return status;
      if (name === 'notificationTest') return { queued: true, target: (input?.body as { target: string }).target };
      throw new Error(`unexpected ${name}`);
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send test to Slack' }, { timeout: 10_000 }));

    expect(api.apiRequest).toHaveBeenCalledWith('notificationTest', { body: { target: 'slack' } });
    await vi.waitFor(
      () => expect(toast.success).toHaveBeenCalledWith('Test sent to Slack. It appears below within seconds.'),
      { timeout: 10_000 },
    );
  });

  it('explains an empty history', async () => {
    api.apiRequest.mockResolvedValueOnce({ ...status, deliveries: [] });
    renderPage();
    expect(await screen.findByText(/Nothing delivered yet/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows an error when the settings cannot be loaded', async () => {
    // The query asks three times (1 s, then 2 s apart) before the page gives up and says so.
    api.apiRequest.mockRejectedValue(
      Object.assign(new Error('The server is unavailable.'), { code: 'INTERNAL_ERROR' }),
    );
    renderPage();
    expect(
      await screen.findByText('Could not load the notification settings', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The server is unavailable.')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledTimes(3);
  });
});
