import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerUploadAudit as Audit } from '@shared/schemas/audiences';
import { CustomerUploadAudit } from '@web/features/audiences/components/customer-upload-audit';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/api', () => ({ apiRequest }));

function renderAudit(viewerIsOwner = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CustomerUploadAudit uid="u1" viewerIsOwner={viewerIsOwner} />
    </QueryClientProvider>,
  );
}

beforeEach(() => apiRequest.mockReset());

describe('CustomerUploadAudit', () => {
  it('lists who uploaded or refreshed which list, with the counts and failures', async () => {
    const audit: Audit = {
      items: [
        {
          at: '2026-11-28T10:00:00.000Z',
          action: 'refresh',
          by: 'ann@shop.example',
          byOwner: false,
          adAccountId: 'act_1',
          audienceId: '6001',
          audienceName: 'Customers',
          outcome: 'completed',
          rows: 2700,
          invalid: 0,
          added: 200,
          removed: 500,
          unchanged: 2500,
        },
        {
          at: '2026-11-28T09:00:00.000Z',
          action: 'upload',
          by: 'owner@shop.example',
          byOwner: true,
          adAccountId: 'act_1',
          audienceName: 'Wrong mapping',
          outcome: 'failed',
          rows: 0,
          invalid: 0,
          errorCode: 'VALIDATION_ERROR',
        },
      ],
    };
    apiRequest.mockResolvedValue(audit);
    renderAudit();
    const refresh = (await screen.findByRole('cell', { name: 'ann@shop.example' })).closest('tr')!;
    expect(within(refresh).getByText('Refresh')).toBeTruthy();
    expect(within(refresh).getByText('200 added, 500 removed, 2,500 unchanged')).toBeTruthy();
    const failed = screen.getByRole('cell', { name: 'You (owner)' }).closest('tr')!;
    expect(within(failed).getByText('Failed (VALIDATION_ERROR)')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('listCustomerUploads');
  });

  it('names the owner’s rows "The owner" to an admin reading the audit', async () => {
    apiRequest.mockResolvedValue({
      items: [
        {
          at: '2026-11-28T09:00:00.000Z',
          action: 'upload',
          by: 'owner-sub',
          byOwner: true,
          adAccountId: 'act_1',
          audienceName: 'Customers',
          outcome: 'completed',
          rows: 10,
          invalid: 0,
          sent: 10,
        },
      ],
    } satisfies Audit);
    renderAudit(false);
    expect(await screen.findByRole('cell', { name: 'The owner' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'You (owner)' })).toBeNull();
  });

  it('says so when nobody has uploaded customer data', async () => {
    apiRequest.mockResolvedValue({ items: [] });
    renderAudit();
    expect(await screen.findByText('Nobody has uploaded customer data yet.')).toBeTruthy();
  });
});
