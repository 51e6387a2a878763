import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Audience, CustomerListRefresh } from '@shared/schemas/audiences';
import { createQueryClient } from '@web/app/providers/query-client';
import { RefreshCustomerList } from '@web/features/audiences/components/refresh-customer-list';
import { answerLargeFile } from '@tests/unit/web/support/large-customer-file';

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

function chooseFile(text: string, size?: number) {
  const file = new File([text], 'customers.csv', { type: 'text/csv' });
  // A large file's size without its megabytes (happy-dom holds a File's text in memory).
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  fireEvent.change(screen.getByLabelText('New customer file (CSV)'), { target: { files: [file] } });
}

// In braces: a hook returning the mock would have it called as the hook's cleanup.
beforeEach(() => {
  apiRequest.mockReset();
});

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

  describe('a file above 2 MB', () => {
    const progress = (patch: Record<string, unknown>) => ({
      uploadId: 'up-1',
      adAccountId: 'act_1',
      name: 'Customers',
      state: 'running',
      percent: 0,
      rows: 0,
      sent: 0,
      invalid: 0,
      batches: 0,
      audienceId: '6001',
      refresh: {},
      updatedAt: '2026-11-29T08:00:00.000Z',
      ...patch,
    });
    const answer = (replies: Record<string, unknown>[]) =>
      answerLargeFile(apiRequest, {
        start: 'startCustomerListRefresh',
        expiresAt: '2026-11-29T09:00:00.000Z',
        progress,
        replies,
        otherwise: (name) => {
          throw new Error(`unexpected ${name}`);
        },
      });

    it('goes to the bucket, shows the worker’s progress, then what changed', async () => {
      const put = vi.fn(async () => new Response(null, { status: 200 }));
      vi.stubGlobal('fetch', put);
      answer([
        progress({ percent: 30, rows: 20_000 }),
        progress({
          state: 'done',
          percent: 100,
          rows: 30_000,
          sent: 7_000,
          batches: 2,
          refresh: { added: 5_000, removed: 2_000, unchanged: 25_000, comparedWithLastUpload: true },
        }),
      ]);
      renderDialog();
      chooseFile('Email,Notes\nann@example.com,vip\n', 3_000_000);
      await screen.findByRole('combobox', { name: 'Email' });
      fireEvent.click(screen.getByRole('button', { name: 'Refresh list' }));

      const bar = await screen.findByRole('progressbar', { name: 'Refreshing “Customers”' });
      expect(bar).toBeTruthy();
      expect(apiRequest).toHaveBeenCalledWith('startCustomerListRefresh', {
        params: { id: 'act_1', audienceId: '6001' },
        body: { mapping: { Email: 'em' }, size: 3_000_000 },
      });
      expect(apiRequest).not.toHaveBeenCalledWith('refreshCustomerListAudience', expect.anything());
      // The file itself went to the presigned URL, never through the API.
      expect(put).toHaveBeenCalledWith(
        'https://bucket.test/uploads/up-1/file.csv?X-Amz-Signature=x',
        expect.objectContaining({ method: 'PUT' }),
      );

      const done = await screen.findByText('“Customers” was refreshed', {}, { timeout: 5_000 });
      const summary = within(done.closest('[role]') ?? document.body);
      expect(summary.getByText('Added').nextElementSibling?.textContent).toBe((5_000).toLocaleString());
      expect(summary.getByText('Removed').nextElementSibling?.textContent).toBe((2_000).toLocaleString());
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
      vi.unstubAllGlobals();
    });

    it('says plainly when the worker stopped, and that the list keeps its people', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(null, { status: 200 })),
      );
      answer([
        progress({
          state: 'failed',
          error: { code: 'UPLOAD_STOPPED', message: 'The upload stopped before it finished; upload the file again.' },
        }),
      ]);
      renderDialog();
      chooseFile('Email\nann@example.com\n', 3_000_000);
      fireEvent.click(await screen.findByRole('button', { name: 'Refresh list' }));
      await screen.findByText('The list could not be refreshed');
      expect(
        screen.getByText(/The upload stopped before it finished; upload the file again\. The list keeps its people/),
      ).toBeTruthy();
      vi.unstubAllGlobals();
    });
  });
});
