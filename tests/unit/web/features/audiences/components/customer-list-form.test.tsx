import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudienceList } from '@shared/schemas/audiences';
import { CustomerListForm } from '@web/features/audiences/components/customer-list-form';
import { answerLargeFile } from '@tests/unit/web/support/large-customer-file';

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

function chooseFile(text: string, name = 'customers.csv', size?: number) {
  const file = new File([text], name, { type: 'text/csv' });
  // A large file's size without its megabytes (happy-dom holds a File's text in memory).
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
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

  describe('a file above 2 MB', () => {
    const big = 'Email,Notes\nann@example.com,loyal\n';
    const BIG_SIZE = 3_000_000;
    const progress = (patch: Record<string, unknown>) => ({
      uploadId: 'up-1',
      adAccountId: 'act_1',
      name: 'customers',
      state: 'running',
      percent: 0,
      rows: 0,
      sent: 0,
      invalid: 0,
      batches: 0,
      updatedAt: '2026-11-29T00:00:00.000Z',
      ...patch,
    });

    const answer = (replies: Record<string, unknown>[]) =>
      answerLargeFile(apiRequest, {
        start: 'startCustomerListUpload',
        expiresAt: '2026-11-29T00:15:00.000Z',
        progress,
        replies,
        otherwise: () => ({ items: [] }),
      });

    it('goes straight to the bucket, then shows the worker’s progress until it is done', async () => {
      const put = vi.fn(async () => new Response(null, { status: 200 }));
      vi.stubGlobal('fetch', put);
      answer([progress({ percent: 40, sent: 10_000, batches: 1 })]);
      renderForm();
      chooseFile(big, 'customers.csv', BIG_SIZE);
      await screen.findByRole('combobox', { name: 'Email' });
      fireEvent.click(screen.getByRole('button', { name: 'Upload customer list' }));

      const bar = await screen.findByRole('progressbar', { name: 'Uploading “customers”' });
      await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
      expect(apiRequest).toHaveBeenCalledWith('startCustomerListUpload', {
        params: { id: 'act_1' },
        body: { name: 'customers', mapping: { Email: 'em' }, size: BIG_SIZE },
      });
      // The file itself went to the presigned URL, never through the API.
      expect(put).toHaveBeenCalledWith(
        'https://bucket.test/uploads/up-1/file.csv?X-Amz-Signature=x',
        expect.objectContaining({ method: 'PUT', headers: { 'content-type': 'text/csv' } }),
      );
      expect(apiRequest).not.toHaveBeenCalledWith('createCustomerListAudience', expect.anything());
      await screen.findByText('“customers” was made', undefined, { timeout: 4000 });
      expect(screen.queryByRole('progressbar')).toBeNull();
      vi.unstubAllGlobals();
    });

    it('says clearly when the mapping did not fit the file', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(null, { status: 200 })),
      );
      answer([
        progress({
          state: 'failed',
          error: { code: 'VALIDATION_ERROR', field: 'mapping', message: 'The file has no column named “Email”.' },
        }),
      ]);
      renderForm();
      chooseFile(big, 'customers.csv', BIG_SIZE);
      await screen.findByRole('combobox', { name: 'Email' });
      fireEvent.click(screen.getByRole('button', { name: 'Upload customer list' }));
      await screen.findByText('The list could not be made');
      expect(screen.getByText(/The file has no column named “Email”\. Check what each column holds/)).toBeTruthy();
      vi.unstubAllGlobals();
    });
  });
});
