import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import type { Asset } from '@shared/schemas/graphics';
import { createQueryClient } from '@web/app/providers/query-client';
import { CampaignBriefForm } from '@web/features/campaign-generator/components/brief-form';
import { imagesFromLink, withKnownImages } from '@web/features/campaign-generator/lib/brief-images';
import { jpyAccount, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { enterText } from '@tests/unit/web/support/enter-text';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const ASSET_ID = '0b5f3c9e-3f1a-4c1e-9d7b-2a6f1e0c4d55';
const DESIGN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const SENT_ID = '2b9e6679-7425-40de-944b-e07fc1f90a01';
const SENT_HASH = 'ffeeddccbbaa00998877665544332211';

const asset = (id: string, fileName: string, mimeType: Asset['mimeType'] = 'image/png'): Asset => ({
  id,
  kind: 'upload',
  purpose: 'product',
  key: `users/u/assets/${id}.png`,
  fileName,
  mimeType,
  width: 1080,
  height: 1080,
  bytes: 5000,
  createdAt: '2026-11-22T12:00:00.000Z',
  url: `https://assets.example.com/${id}.png?sig=1`,
});

let sizes: Record<string, { width: number; height: number }>;
const put = vi.fn();

beforeEach(() => {
  api.apiRequest.mockReset();
  put.mockReset();
  sizes = {};
  // The test DOM draws no images: the browser's bitmap decoder answers the sizes a test gives.
  vi.stubGlobal('createImageBitmap', async (file: File) => ({ ...sizes[file.name]!, close: () => undefined }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    put(url, init);
    return new Response(null, { status: 200 });
  });
  api.apiRequest.mockImplementation(async (name: string, input?: { body?: { assetIds?: string[] } }) => {
    if (name === 'graphicsStartUpload') {
      return {
        uploadId: ASSET_ID,
        uploadUrl: 'https://assets.example.com/upload?sig=1',
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        expiresAt: '2026-11-22T12:05:00.000Z',
      };
    }
    if (name === 'graphicsConfirmUpload') return asset(ASSET_ID, 'hero.png');
    if (name === 'graphicsAssets') {
      return {
        assets: [
          asset(DESIGN_ID, 'summer-sale.png'),
          asset('1f2e3d4c-0000-4000-8000-000000000000', 'logo.svg', 'image/svg+xml'),
        ],
      };
    }
    if (name === 'graphicsAdImages') {
      return {
        adAccountId: usdAccount.id,
        images: [
          {
            hash: SENT_HASH,
            name: 'spring-promo.png',
            assetId: SENT_ID,
            thumbnailUrl: `https://assets.example.com/${SENT_ID}.png?sig=2`,
            uploadedAt: '2026-11-22T11:00:00.000Z',
          },
        ],
      };
    }
    if (name === 'graphicsMetaImages') {
      return {
        adAccountId: usdAccount.id,
        images: input!.body!.assetIds!.map((id, i) => ({ assetId: id, hash: `${HASH.slice(0, 30)}0${i}`, name: 'x' })),
      };
    }
    throw new Error(`unexpected ${name}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(search = '') {
  const onSubmit = vi.fn<(brief: CampaignBrief) => void>();
  const accounts = [usdAccount, jpyAccount];
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <CampaignBriefForm
          uid="u1"
          accounts={accounts}
          busy={false}
          onSubmit={onSubmit}
          initial={imagesFromLink(
            new URLSearchParams(search),
            accounts.map((a) => a.id),
          )}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  // A person can pick any file whatever the input's accept list says (it is a hint to the file dialog).
  return { user: userEvent.setup({ applyAccept: false }), onSubmit };
}

async function fillBrief(user: ReturnType<typeof userEvent.setup>) {
  await enterText(user, 'What are you advertising?', 'Trail running shoes');
  await enterText(user, 'Landing page', 'https://shop.example.com/trail');
  await enterText(user, 'Who is it for?', 'Weekend trail runners');
}

const file = (name: string, type: string, size = 4000) => new File([new Uint8Array(size)], name, { type });

describe('images on the campaign brief', () => {
  it('says plainly why a file is refused, and uploads nothing for it', async () => {
    const { user } = renderForm();
    sizes['small.png'] = { width: 400, height: 300 };
    const input = screen.getByLabelText('Upload your own images');
    await user.upload(input, [file('small.png', 'image/png'), file('anim.gif', 'image/gif')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('small.png is 400×300: an ad image needs at least 600 px on its shorter side');
    expect(alert).toHaveTextContent('anim.gif is not a PNG or JPEG image');
    // The only calls are the form's reads (what wins in the account, the business languages): nothing uploaded.
    const reads = ['creativeReport', 'businessLanguages'];
    expect(api.apiRequest.mock.calls.map(([name]) => name as string).filter((n) => !reads.includes(n))).toEqual([]);
    expect(put).not.toHaveBeenCalled();
  });

  it('uploads an own image through the graphics upload, sends it to the ad account, and briefs its hash', async () => {
    const { user, onSubmit } = renderForm();
    sizes['hero.png'] = { width: 1200, height: 628 };
    await user.upload(screen.getByLabelText('Upload your own images'), file('hero.png', 'image/png'));
    const chosen = await screen.findByRole('list', { name: 'Chosen images' });
    expect(within(chosen).getByRole('img', { name: 'hero.png' })).toHaveAttribute(
      'src',
      `https://assets.example.com/${ASSET_ID}.png?sig=1`,
    );
    expect(api.apiRequest).toHaveBeenCalledWith('graphicsStartUpload', {
      body: { purpose: 'product', fileName: 'hero.png', contentType: 'image/png', size: 4000 },
    });
    expect(put).toHaveBeenCalledWith(
      'https://assets.example.com/upload?sig=1',
      expect.objectContaining({ method: 'PUT' }),
    );
    expect(api.apiRequest).toHaveBeenCalledWith('graphicsConfirmUpload', { params: { id: ASSET_ID } });
    expect(api.apiRequest).toHaveBeenCalledWith('graphicsMetaImages', {
      body: { adAccountId: usdAccount.id, assetIds: [ASSET_ID] },
    });

    await fillBrief(user);
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].images).toEqual([
      { hash: `${HASH.slice(0, 30)}00`, name: 'hero.png', assetId: ASSET_ID },
    ]);
  });

  it('picks a PNG or JPEG the graphics generator made (not an SVG logo), and can remove it again', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick from the graphics generator' }));
    const gallery = await screen.findByRole('list', { name: 'Your graphics generator images' });
    expect(within(gallery).getAllByRole('button')).toHaveLength(1);
    await user.click(within(gallery).getByRole('button', { name: 'Use summer-sale.png' }));
    const chosen = await screen.findByRole('list', { name: 'Chosen images' });
    expect(within(chosen).getByRole('img', { name: 'summer-sale.png' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Use summer-sale.png' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Remove summer-sale.png' }));
    expect(screen.queryByRole('list', { name: 'Chosen images' })).not.toBeInTheDocument();
  });

  it('preselects the images a graphics editor link hands over, and refuses them for another account', async () => {
    const { user, onSubmit } = renderForm(`?adAccountId=${usdAccount.id}&imageHashes=${HASH},bad!hash`);
    const chosen = screen.getByRole('list', { name: 'Chosen images' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByLabelText('Ad account')).toHaveValue(usdAccount.id);

    await fillBrief(user);
    await user.selectOptions(screen.getByLabelText('Ad account'), jpyAccount.id);
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    expect(await screen.findByText(/was added for another ad account: remove it or add it again/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Ad account'), usdAccount.id);
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].images).toEqual([{ hash: HASH, name: 'Graphics generator image 1' }]);
  });

  it('offers the images already in the ad account as they are, sending nothing again', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick from the graphics generator' }));
    const library = await screen.findByRole('list', { name: 'Already in this ad account' });
    await user.click(within(library).getByRole('button', { name: 'Use spring-promo.png' }));
    const chosen = screen.getByRole('list', { name: 'Chosen images' });
    expect(within(chosen).getByRole('img', { name: 'spring-promo.png' })).toHaveAttribute(
      'src',
      `https://assets.example.com/${SENT_ID}.png?sig=2`,
    );
    expect(api.apiRequest).not.toHaveBeenCalledWith('graphicsMetaImages', expect.anything());
    await fillBrief(user);
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].images).toEqual([
      { hash: SENT_HASH, name: 'spring-promo.png', assetId: SENT_ID },
    ]);
  });

  it('names and pictures handed-over hashes from what the account is known to hold', () => {
    const link = imagesFromLink(new URLSearchParams(`?adAccountId=${usdAccount.id}&imageHashes=${SENT_HASH},${HASH}`), [
      usdAccount.id,
    ]);
    const known = [
      { hash: SENT_HASH, name: 'spring-promo.png', assetId: SENT_ID, thumbnailUrl: 'https://t.example/1' },
    ];
    expect(withKnownImages(link.images, known)).toEqual([
      {
        hash: SENT_HASH,
        name: 'spring-promo.png',
        assetId: SENT_ID,
        adAccountId: usdAccount.id,
        thumbnailUrl: 'https://t.example/1',
      },
      { hash: HASH, name: 'Graphics generator image 2', adAccountId: usdAccount.id },
    ]);
  });

  it('opens on the carousel format when a carousel design hands over its cards, and only with cards enough', async () => {
    const { user, onSubmit } = renderForm(
      `?adAccountId=${usdAccount.id}&imageHashes=${SENT_HASH},${HASH}&adFormat=carousel`,
    );
    expect(screen.getByLabelText('Ad format')).toHaveValue('carousel');
    await fillBrief(user);
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ adFormat: 'carousel' });
    expect(onSubmit.mock.calls[0]![0].images.map((image: { hash: string }) => image.hash)).toEqual([SENT_HASH, HASH]);
    // One card is no carousel: the link's format is ignored.
    const one = imagesFromLink(
      new URLSearchParams(`?adAccountId=${usdAccount.id}&imageHashes=${HASH}&adFormat=carousel`),
      [usdAccount.id],
    );
    expect(one.carousel).toBeUndefined();
  });

  it('ignores a link naming an account that is not the user’s', () => {
    const link = imagesFromLink(new URLSearchParams(`?adAccountId=act_999&imageHashes=${HASH}`), [usdAccount.id]);
    expect(link).toEqual({ images: [] });
  });
});
