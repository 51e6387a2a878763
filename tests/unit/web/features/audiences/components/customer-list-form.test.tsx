import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudienceList } from '@shared/schemas/audiences';
import { CustomerListForm } from '@web/features/audiences/components/customer-list-form';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/api', () => ({ apiRequest }));

const LIST: AudienceList = {
  items: [],
  customerListTerms: { accepted: true, url: 'https://www.facebook.com/customaudiences/app/tos/?act=1' },
  canUploadCustomers: true,
};

function renderForm(list: AudienceList = LIST) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CustomerListForm uid="u1" accountId="act_1" list={list} />
    </QueryClientProvider>,
  );
}

function chooseFile(text: string, name = 'customers.csv') {
  const file = new File([text], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Customer file (CSV)'), { target: { files: [file] } });
}

beforeEach(() => apiRequest.mockReset());

describe('CustomerListForm', () => {
  it('tells a member without the owner’s permission, and offers no upload', () => {
    renderForm({ ...LIST, canUploadCustomers: false });
    expect(screen.getByText('Customer lists need the owner’s permission')).toBeTruthy();
    expect(screen.queryByLabelText('Customer file (CSV)')).toBeNull();
  });

  it('links to Meta’s terms page while the account has not accepted them', () => {
    renderForm({ ...LIST, customerListTerms: { ...LIST.customerListTerms, accepted: false } });
    expect(screen.getByRole('link', { name: 'Read and accept the terms on Meta' }).getAttribute('href')).toBe(
      LIST.customerListTerms.url,
    );
  });

  it('proposes what each column holds and sends the file with the mapping chosen', async () => {
    apiRequest.mockResolvedValue({
      audience: { id: '1', name: 'customers', kind: 'customer-list' },
      rows: 1,
      sent: 1,
      invalid: 0,
      batches: 1,
    });
    renderForm();
    const csv = 'E-mail,Mobile,Notes\nann@example.com,+1 650 555 1212,vip\n';
    chooseFile(csv);
    const email = await screen.findByRole('combobox', { name: 'E-mail' });
    expect((email as HTMLSelectElement).value).toBe('em');
    expect((screen.getByRole('combobox', { name: 'Mobile' }) as HTMLSelectElement).value).toBe('ph');
    expect((screen.getByRole('combobox', { name: 'Notes' }) as HTMLSelectElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Upload customer list' }));
    await waitFor(() => expect(apiRequest).toHaveBeenCalled());
    expect(apiRequest).toHaveBeenCalledWith('createCustomerListAudience', {
      params: { id: 'act_1' },
      body: { name: 'customers', csv, mapping: { 'E-mail': 'em', Mobile: 'ph' } },
    });
    await screen.findByText('“customers” was made');
  });

  it('will not upload a file with no email, phone or external ID column', async () => {
    renderForm();
    chooseFile('First name,City\nAnn,Denver\n');
    await screen.findByText('Map at least one column to email, phone or external ID.');
    expect((screen.getByRole('button', { name: 'Upload customer list' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
