import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Audience, CustomerListRefresh } from '@shared/schemas/audiences';
import { createQueryClient } from '@web/app/providers/query-client';
import { RefreshCustomerList } from '@web/features/audiences/components/refresh-customer-list';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/api', () => ({ apiRequest }));
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const AUDIENCE = {
  id: '6001',
  name: 'Customers',
  kind: 'customer-list',
  sizeLower: 1000,
  sizeUpper: 1200,
  delivery: { code: 200, description: 'Ready' },
} as Audience;

function result(overrides: Partial<CustomerListRefresh> = {}): CustomerListRefresh {
  return {
    audience: AUDIENCE,
    rows: 3,
    added: 1,
    removed: 2,
    unchanged: 2,
    invalid: 0,
    batches: 2,
    comparedWithLastUpload: true,
    ...overrides,
  };
}

function renderDialog(onClose = vi.fn()) {
  const client = createQueryClient({ onUnauthorized: () => undefined });
  render(
    <QueryClientProvider client={client}>
      <RefreshCustomerList uid="u1" accountId="act_1" audience={AUDIENCE} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

function chooseFile(text: string) {
  const file = new File([text], 'customers.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('New customer file (CSV)'), { target: { files: [file] } });
}

beforeEach(() => apiRequest.mockReset());

describe('RefreshCustomerList', () => {
  it('sends the new file with the mapping chosen to the refresh route, and shows what changed', async () => {
    let answer!: (value: CustomerListRefresh) => void;
    apiRequest.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDialog();
    const csv = 'Email,Phone,Notes\nann@example.com,+1 650 555 1212,vip\n';
    chooseFile(csv);
    expect(((await screen.findByRole('combobox', { name: 'Email' })) as HTMLSelectElement).value).toBe('em');
    fireEvent.change(screen.getByRole('combobox', { name: 'Phone' }), { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: 'Refresh list' }));
    expect(await screen.findByText('Hashing and comparing…')).toBeTruthy();
    expect(apiRequest).toHaveBeenCalledWith('refreshCustomerListAudience', {
      params: { id: 'act_1', audienceId: '6001' },
      body: { csv, mapping: { Email: 'em' } },
    });

    answer(result());
    const done = await screen.findByText('“Customers” was refreshed');
    const summary = within(done.closest('[role]') ?? document.body);
    expect(summary.getByText('Added').nextElementSibling?.textContent).toBe('1');
    expect(summary.getByText('Removed').nextElementSibling?.textContent).toBe('2');
    expect(summary.getByText('Unchanged').nextElementSibling?.textContent).toBe('2');
    expect(summary.getByText('Compared with last upload').nextElementSibling?.textContent).toBe('yes');
  });

  it('says "compared with last upload: no" when no hashes were kept from an earlier upload', async () => {
    apiRequest.mockResolvedValue(result({ added: 3, removed: 0, unchanged: 0, comparedWithLastUpload: false }));
    renderDialog();
    chooseFile('Email\nann@example.com\n');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh list' }));
    const label = await screen.findByText('Compared with last upload');
    expect(label.nextElementSibling?.textContent).toBe('no');
    expect(screen.getByText(/everyone in the file was added and nobody could be removed/)).toBeTruthy();
  });

  it('offers no refresh for a file that identifies nobody', async () => {
    renderDialog();
    chooseFile('First name\nAnn\n');
    await screen.findByText('Map at least one column to email, phone or external ID.');
    expect((screen.getByRole('button', { name: 'Refresh list' }) as HTMLButtonElement).disabled).toBe(true);
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
