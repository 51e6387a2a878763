import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PastExports } from '@web/features/graphics/components/past-exports';
import { ApiError } from '@web/lib/api-client';
import { client, DESIGN_ID, stubGraphicsApi } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, called } = stubGraphicsApi(api.apiRequest);

describe('PastExports', () => {
  const EXPORT_ID = '55555555-5555-4555-8555-555555555555';
  const OLDER_ID = '66666666-6666-4666-8666-666666666666';
  const exported = (exportId: string, fileName: string, createdAt: string) => ({
    exportId,
    designId: DESIGN_ID,
    version: 2,
    format: 'png',
    sizes: ['square', 'story'],
    createdAt,
    zip: { url: `http://localhost:3010/assets/${exportId}.zip?X-Amz-Signature=z`, bytes: 3 * 1024 * 1024, fileName },
  });

  function renderList() {
    let stored = [
      exported(EXPORT_ID, 'adsmith-trail-v2.zip', '2026-11-22T10:00:00.000Z'),
      exported(OLDER_ID, 'adsmith-trail-v1.zip', '2026-11-21T10:00:00.000Z'),
    ];
    handlers.graphicsExports = () => ({ exports: stored });
    handlers.graphicsDeleteExport = ({ params }) => {
      stored = stored.filter((e) => e.exportId !== params!.id);
      return { deleted: true };
    };
    render(
      <QueryClientProvider client={client()}>
        <PastExports />
      </QueryClientProvider>,
    );
  }

  it('lists each export with its sizes, format and size, and a download of its ZIP', async () => {
    renderList();
    const list = await screen.findByRole('list', { name: 'Past exports' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('adsmith-trail-v2.zip');
    expect(rows[0]).toHaveTextContent('1:1, 9:16 · PNG · 3.0 MB');
    expect(within(rows[0]!).getByRole('link', { name: 'Download adsmith-trail-v2.zip' })).toHaveAttribute(
      'href',
      `http://localhost:3010/assets/${EXPORT_ID}.zip?X-Amz-Signature=z`,
    );
  });

  it('deletes an export only once the user confirms, and the list follows', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderList();
    const remove = await screen.findByRole('button', { name: 'Delete export adsmith-trail-v2.zip' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      'Delete the export “adsmith-trail-v2.zip” and its 2 images? This cannot be undone. Images already sent to an ad account stay there.',
    );
    expect(called('graphicsDeleteExport')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(remove);
    await waitFor(() => expect(called('graphicsDeleteExport').map((c) => c.input.params)).toEqual([{ id: EXPORT_ID }]));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete export adsmith-trail-v2.zip' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Delete export adsmith-trail-v1.zip' })).toBeInTheDocument();
  });

  it('says why when a delete is refused, and shows the empty state', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('confirm', () => true);
    renderList();
    handlers.graphicsDeleteExport = () => {
      throw new ApiError('NOT_FOUND', 404, 'That export does not exist.');
    };
    await user.click(await screen.findByRole('button', { name: 'Delete export adsmith-trail-v1.zip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not deleted: That export does not exist.');

    handlers.graphicsExports = () => ({ exports: [] });
    render(
      <QueryClientProvider client={client()}>
        <PastExports />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/No exports yet/)).toBeInTheDocument();
  });
});
