import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ServerExport } from '@web/features/graphics/components/server-export';
import { client, DESIGN_ID, logoAsset, UPLOAD_ID, stubGraphicsApi } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, called } = stubGraphicsApi(api.apiRequest);

describe('ServerExport', () => {
  it('saves first, exports the saved version on the server, downloads the ZIP, lists alt text to copy and the exports left', async () => {
    const user = userEvent.setup({ delay: null });
    const clicked: string[] = [];
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      clicked.push(this.href);
    };
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    handlers.billingUsage = () => ({
      plan: 'free',
      limits: [
        { key: 'graphicsExportsPerMonth', used: 1, limit: 10, resetsAt: '2026-12-01T00:00:00.000Z', enforced: true },
      ],
    });
    handlers.graphicsExportDesign = ({ body }) => {
      const { sizes, format, version } = body as { sizes: string[]; format: string; version: number };
      return {
        exportId: UPLOAD_ID,
        designId: DESIGN_ID,
        version,
        format,
        createdAt: '2026-11-22T12:00:00.000Z',
        urlsExpireAt: '2026-11-22T12:15:00.000Z',
        images: sizes.map((sizeId, index) => ({
          ...logoAsset,
          id: `6666666${index}-6666-4666-8666-666666666666`,
          kind: 'export',
          purpose: 'export',
          fileName: `adsmith-product-hero-${sizeId}.jpg`,
          mimeType: 'image/jpeg',
          sizeId,
          altText: `Ad for trail shoes, ${sizeId}: blue background, orange button.`,
          altTextSource: 'model',
        })),
        zip: {
          url: 'http://localhost:3010/assets/x.zip?X-Amz-Signature=z',
          bytes: 1234,
          fileName: 'adsmith-trail-v2.zip',
        },
        checks: [],
        usage: { used: 2, limit: 10, resetsAt: '2026-12-01T00:00:00.000Z' },
      };
    };
    const ensureSaved = vi.fn(async () => ({ id: DESIGN_ID, version: 2 }));
    const onExported = vi.fn();
    render(
      <MemoryRouter>
        <QueryClientProvider client={client()}>
          <ServerExport ensureSaved={ensureSaved} blocked={false} onExported={onExported} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('meter', { name: '9 of 10 graphics exports left this month' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Export 1.91:1' }));
    await user.selectOptions(screen.getByLabelText('Format'), 'jpeg');
    await user.click(screen.getByRole('button', { name: /Export ZIP \(3 JPEG\)/ }));

    expect(
      await screen.findByText(/Downloaded adsmith-trail-v2\.zip\. 8 of 10 exports left this month\./),
    ).toBeInTheDocument();
    expect(ensureSaved).toHaveBeenCalledTimes(1);
    expect(called('graphicsExportDesign')[0]!.input).toEqual({
      params: { id: DESIGN_ID },
      body: { version: 2, sizes: ['square', 'portrait', 'story'], format: 'jpeg' },
    });
    expect(clicked).toEqual(['http://localhost:3010/assets/x.zip?X-Amz-Signature=z']);
    expect(onExported).toHaveBeenCalledTimes(1);
    const images = screen.getByRole('list', { name: 'Exported images' });
    expect(within(images).getAllByRole('listitem')).toHaveLength(3);
    expect(within(images).getByRole('textbox', { name: 'Alt text for 9:16' })).toHaveValue(
      'Ad for trail shoes, story: blue background, orange button.',
    );
    await user.click(within(images).getByRole('button', { name: 'Copy alt text for 9:16' }));
    expect(writeText).toHaveBeenCalledWith('Ad for trail shoes, story: blue background, orange button.');
    await waitFor(() =>
      expect(within(images).getByRole('button', { name: 'Copy alt text for 9:16' })).toHaveTextContent('Copied'),
    );
  });

  it('exports a carousel’s every card at the two sizes Meta shows cards in, without size choices', async () => {
    const user = userEvent.setup({ delay: null });
    HTMLAnchorElement.prototype.click = () => undefined;
    const before = called('graphicsExportDesign').length;
    handlers.graphicsExportDesign = () => {
      throw new Error('stop here');
    };
    render(
      <MemoryRouter>
        <QueryClientProvider client={client()}>
          <ServerExport ensureSaved={async () => ({ id: DESIGN_ID, version: 3 })} blocked={false} carouselCards={3} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('checkbox', { name: 'Export 9:16' })).not.toBeInTheDocument();
    expect(screen.getByText(/All 3 cards, each square \(1:1\) and 4:5/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Export ZIP \(6 PNG\)/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('stop here');
    expect(called('graphicsExportDesign')[before]!.input).toMatchObject({
      body: { version: 3, sizes: ['square', 'portrait'], format: 'png' },
    });
  });
});
