import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultBrandKit, type BrandKit } from '@shared/graphics/brand-kit-schema';
import { BrandKitPanel } from '@web/features/graphics/components/brand-kit-panel';
import { ApiError } from '@web/lib/api-client';
import {
  client,
  logoAsset,
  logoKey,
  pngFile,
  UPLOAD_ID,
  stubGraphicsApi,
} from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, puts, called } = stubGraphicsApi(api.apiRequest);

describe('BrandKitPanel', () => {
  function renderPanel(onApply = vi.fn()) {
    render(
      <QueryClientProvider client={client()}>
        <BrandKitPanel onApply={onApply} />
      </QueryClientProvider>,
    );
    return onApply;
  }

  it('uploads a logo through the presigned URL, edits colours and fonts, saves with PUT and applies the kit', async () => {
    const user = userEvent.setup();
    const onApply = renderPanel();
    await screen.findByRole('heading', { name: 'Brand kit' });
    expect(screen.getByLabelText('Brand colour 1')).toHaveValue('#0f172a');

    await user.upload(screen.getByLabelText('Logo'), pngFile());
    expect(await screen.findByRole('img', { name: 'Your logo' })).toHaveAttribute('src', logoAsset.url);
    expect(called('graphicsStartUpload')[0]!.input.body).toEqual({
      purpose: 'logo',
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 2048,
    });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.headers).toEqual({ 'content-type': 'image/png' });
    expect(called('graphicsConfirmUpload')[0]!.input.params).toEqual({ id: UPLOAD_ID });

    // Up to six colours: the add button stops there.
    const add = screen.getByRole('button', { name: 'Add colour' });
    await user.click(add);
    await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByLabelText('Brand colour 6')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove brand colour 6' }));
    expect(add).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Brand heading font'), 'oswald');
    await user.selectOptions(screen.getByLabelText('Default button shape'), 'square');

    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    await screen.findByText('Brand kit saved and applied to the design.');
    const saved = called('graphicsSaveBrandKit')[0]!.input.body as BrandKit;
    expect(saved).toMatchObject({
      logo: { kind: 'asset', key: logoKey, width: 256, height: 128, mimeType: 'image/png' },
      headingFont: 'oswald',
      ctaStyle: { shape: 'square', fill: 'solid' },
    });
    expect(saved.colours).toHaveLength(5);
    expect(onApply).toHaveBeenCalledWith(saved, logoAsset.url);
  });

  it("shows the server's refusals: too big, unsafe SVG, too small; and a wrong type before anything is sent", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPanel();
    const input = await screen.findByLabelText('Logo');

    await user.upload(input, pngFile('photo.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('photo.jpg: a logo must be PNG or SVG.');
    expect(called('graphicsStartUpload')).toHaveLength(0);

    handlers.graphicsStartUpload = () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', 413, 'A logo may be at most 2 MB.');
    };
    await user.upload(input, pngFile('huge.png'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A logo may be at most 2 MB.'));

    handlers.graphicsStartUpload = () => ({
      uploadId: UPLOAD_ID,
      uploadUrl: 'http://localhost:3010/assets/uploads/x',
      method: 'PUT',
      headers: { 'content-type': 'image/svg+xml' },
      expiresAt: '2026-11-22T10:05:00.000Z',
    });
    handlers.graphicsConfirmUpload = () => {
      throw new ApiError('VALIDATION_ERROR', 400, 'evil.svg: the SVG could not be made safe (external reference).');
    };
    await user.upload(input, pngFile('evil.svg', 'image/svg+xml'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('evil.svg: the SVG could not be made safe'),
    );

    handlers.graphicsConfirmUpload = () => {
      throw new ApiError(
        'VALIDATION_ERROR',
        400,
        'tiny.png is 32×32: a logo needs at least 64 px on its shorter side.',
      );
    };
    await user.upload(input, pngFile('tiny.png'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('tiny.png is 32×32'));
    expect(screen.queryByRole('img', { name: 'Your logo' })).not.toBeInTheDocument();
  });

  it('says when the brand kit cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    handlers.graphicsBrandKit = () => {
      if (fail) throw new ApiError('UPSTREAM_ERROR', 502, 'The service did not answer.');
      return { brandKit: defaultBrandKit, saved: true };
    };
    renderPanel();
    expect(await screen.findByText('The brand kit could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Brand kit' })).toBeInTheDocument();
  });
});
