import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { placementSizeIds } from '@shared/graphics/placement-sizes';
import { webPaths } from '@shared/web-paths';
import { UseInCampaign } from '@web/features/graphics/components/use-in-campaign';
import { type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import { resetAccountScreen, serveAccountScreen } from '@tests/unit/web/support/meta-account/account-screen';
import { apiErrors, jpyAccount, notConnected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { type ApiHandler } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const DESIGN_ID = '44444444-4444-4444-8444-444444444444';
const assetId = (i: number) => `00000000-0000-4000-8000-00000000000${i}`;
const exported = {
  exportId: '55555555-5555-4555-8555-555555555555',
  designId: DESIGN_ID,
  version: 2,
  images: placementSizeIds.map((sizeId, i) => ({ id: assetId(i), sizeId })),
};

function GeneratorProbe() {
  const location = useLocation();
  return <p>Generator opened at {`${location.pathname}${location.search}`}</p>;
}

const saving = () => ({
  ensureSaved: vi.fn(async () => ({ id: DESIGN_ID, version: 2 })),
  lastExport: null,
  onExported: vi.fn(),
});

function renderPanel(tools = saving(), carouselCards?: number) {
  renderWithMeta(<UseInCampaign blocked={false} saving={tools as never} carouselCards={carouselCards} />, {
    path: webPaths.adsGraphicsGenerator,
    routes: { [webPaths.campaignGenerator]: <GeneratorProbe /> },
  });
  return tools;
}

const serve = (overrides: Record<string, ApiHandler> = {}) =>
  serveAccountScreen(
    api.apiRequest,
    {
      metaAdAccounts: () => ({ data: [usdAccount, jpyAccount] }),
      graphicsExportDesign: () => exported,
      graphicsMetaImages: ({ body }) => ({
        adAccountId: (body as { adAccountId: string }).adAccountId,
        images: (body as { assetIds: string[] }).assetIds.map((id, i) => ({ assetId: id, hash: `hash${i}` })),
      }),
    },
    overrides,
  );

describe('UseInCampaign', () => {
  beforeEach(() => {
    resetAccountScreen({ apiRequest: api.apiRequest, toast, getSignedInUser: cognito.current.getSignedInUser });
  });

  it('invites a user without Meta to connect it, in place, and offers nothing to send', async () => {
    serve({ metaConnection: () => notConnected });
    renderPanel();
    expect(await screen.findByText('Connect Meta to use this design in a campaign')).toBeInTheDocument();
    expect(screen.getByText(/Connect a Meta ad account to send these images to it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Connect Meta/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send and open the generator' })).not.toBeInTheDocument();
  });

  it('says the ad accounts could not be loaded, with the reason', async () => {
    serve({ metaAdAccounts: () => Promise.reject(apiErrors.rateLimited()) });
    renderPanel();
    expect(await screen.findByText('Your ad accounts could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Meta asks us to slow down/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send and open the generator' })).not.toBeInTheDocument();
  });

  it('exports the saved version, sends the chosen sizes to the picked account and opens the generator with their hashes', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    const tools = renderPanel();
    await user.selectOptions(await screen.findByLabelText('Ad account'), jpyAccount.id);
    await user.click(screen.getByRole('checkbox', { name: /^9:16/ }));
    await user.click(screen.getByRole('button', { name: 'Send and open the generator' }));

    expect(await screen.findByText(/Generator opened at/)).toBeInTheDocument();
    const sent: string[] = placementSizeIds.filter((id) => id !== 'story');
    const exportCall = api.apiRequest.mock.calls.find(([name]) => name === 'graphicsExportDesign')!;
    expect(exportCall[1]).toEqual({ params: { id: DESIGN_ID }, body: { version: 2, sizes: sent, format: 'png' } });
    expect(tools.onExported).toHaveBeenCalledWith(exported);
    const imagesCall = api.apiRequest.mock.calls.find(([name]) => name === 'graphicsMetaImages')!;
    expect(imagesCall[1]).toEqual({
      body: {
        adAccountId: jpyAccount.id,
        assetIds: exported.images.filter((image) => sent.includes(image.sizeId)).map((image) => image.id),
      },
    });
    const opened = new URL(
      screen.getByText(/Generator opened at/).textContent!.replace('Generator opened at ', ''),
      'http://x',
    );
    expect(opened.pathname).toBe(webPaths.campaignGenerator);
    expect(opened.searchParams.get('adAccountId')).toBe(jpyAccount.id);
    expect(opened.searchParams.get('imageHashes')).toBe(sent.map((_, i) => `hash${i}`).join(','));
  });

  it('sends a carousel’s cards in one shape, in order, and opens the generator on the carousel format', async () => {
    const user = userEvent.setup({ delay: null });
    // Two cards, each exported square and 4:5 (the carousel export), card by card.
    const cards = [0, 1].flatMap((card) =>
      (['square', 'portrait'] as const).map((sizeId, i) => ({ id: assetId(card * 2 + i), sizeId })),
    );
    serve({ graphicsExportDesign: () => ({ ...exported, images: cards }) });
    renderPanel(saving(), 2);
    await screen.findByLabelText('Ad account');
    // No placement sizes to tick: one shape for every card.
    expect(screen.queryByRole('checkbox', { name: /^9:16/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1:1 1080×1080' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '4:5 1080×1350' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send and open the generator' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send and open the generator' }));

    expect(await screen.findByText(/Generator opened at/)).toBeInTheDocument();
    const exportCall = api.apiRequest.mock.calls.find(([name]) => name === 'graphicsExportDesign')!;
    expect(exportCall[1]).toMatchObject({ body: { sizes: ['portrait'] } });
    const imagesCall = api.apiRequest.mock.calls.find(([name]) => name === 'graphicsMetaImages')!;
    expect((imagesCall[1] as { body: { assetIds: string[] } }).body.assetIds).toEqual([assetId(1), assetId(3)]);
    const opened = new URL(
      screen.getByText(/Generator opened at/).textContent!.replace('Generator opened at ', ''),
      'http://x',
    );
    expect(opened.searchParams.get('imageHashes')).toBe('hash0,hash1');
    expect(opened.searchParams.get('adFormat')).toBe('carousel');
  });

  it('shows why the images were not sent, and keeps the panel', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ graphicsMetaImages: () => Promise.reject(apiErrors.internal()) });
    renderPanel();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send and open the generator' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send and open the generator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The images were not sent: Meta could not update the campaign.',
    );
    expect(screen.queryByText(/Generator opened at/)).not.toBeInTheDocument();
  });
});
