import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { ImageLibrary } from '@web/features/graphics/components/image-library';
import { ApiError } from '@web/lib/api-client';
import { ASSET_ID, client, logoAsset, pngFile, USER, stubGraphicsApi } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, called } = stubGraphicsApi(api.apiRequest);

describe('ImageLibrary uploads', () => {
  it('uploads a product photo with progress into the design, and shows a refusal from the confirm step', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const productKey = `users/${USER}/assets/${ASSET_ID}.jpg`;
    handlers.graphicsConfirmUpload = () => ({
      ...logoAsset,
      purpose: 'product',
      key: productKey,
      fileName: 'shoe.jpg',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 900,
    });
    render(
      <QueryClientProvider client={client()}>
        <ImageLibrary design={defaultDesign()} onChange={onChange} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No images yet: upload a photo or generate one.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Photo file'), pngFile('shoe.jpg', 'image/jpeg', 5000));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]![0].images.product).toEqual({
      kind: 'asset',
      key: productKey,
      width: 1200,
      height: 900,
      mimeType: 'image/jpeg',
    });
    expect(called('graphicsStartUpload')[0]!.input.body).toMatchObject({ purpose: 'product', size: 5000 });
    // The file input is disabled while an upload runs; it comes back when this one is done.
    await waitFor(() => expect(screen.getByLabelText('Photo file')).toBeEnabled());

    handlers.graphicsConfirmUpload = () => {
      throw new ApiError(
        'VALIDATION_ERROR',
        400,
        'small.png is 300×300: a product needs at least 600 px on its shorter side, or it would print blurry.',
      );
    };
    await user.upload(screen.getByLabelText('Photo file'), pngFile('small.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('small.png is 300×300');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('ImageLibrary placing a finished upload', () => {
  it('places it in the design as it is when the upload ends, keeping edits made while it ran', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    let confirm: () => void = () => undefined;
    handlers.graphicsConfirmUpload = () =>
      new Promise((resolve) => {
        confirm = () => resolve({ ...logoAsset, purpose: 'product', fileName: 'shoe.png', width: 1200, height: 900 });
      });
    const before = defaultDesign();
    const view = render(
      <QueryClientProvider client={client()}>
        <ImageLibrary design={before} onChange={onChange} />
      </QueryClientProvider>,
    );
    await user.upload(screen.getByLabelText('Photo file'), pngFile('shoe.png', 'image/png', 5000));
    await waitFor(() => expect(called('graphicsConfirmUpload')).not.toHaveLength(0));
    // The person edits the headline while the upload runs.
    const edited = { ...before, texts: { ...before.texts, headline: 'Typed during the upload' } };
    view.rerender(
      <QueryClientProvider client={client()}>
        <ImageLibrary design={edited} onChange={onChange} />
      </QueryClientProvider>,
    );
    confirm();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const placed = onChange.mock.calls[0]![0];
    expect(placed.texts.headline).toBe('Typed during the upload');
    expect(placed.images.product).toMatchObject({ kind: 'asset', width: 1200, height: 900 });
  });
});

describe('ImageLibrary AI images', () => {
  it('shows the prompt built from the design and brand, generates with progress, places the image, and shows the upgrade prompt on 429', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const design = defaultDesign({
      templateId: 'bold-headline',
      palette: ['#1d4ed8', '#f97316'],
      texts: { ...defaultDesign().texts, headline: 'Lemonade for hot days', body: 'Squeezed this morning.' },
    });
    handlers.billingUsage = () => ({
      plan: 'free',
      limits: [{ key: 'aiGenerationsPerDay', used: 3, limit: 5, resetsAt: '2026-11-23T00:00:00.000Z', enforced: true }],
    });
    let release: () => void = () => undefined;
    handlers.graphicsAiImage = () =>
      new Promise((resolve) => {
        release = () =>
          resolve({
            ...logoAsset,
            kind: 'ai',
            purpose: 'background',
            key: `users/${USER}/assets/${ASSET_ID}.png`,
            fileName: 'ai-background-square.png',
            width: 1024,
            height: 1024,
          });
      });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client()}>
          <ImageLibrary design={{ ...design, templateId: 'photo-caption' }} onChange={onChange} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('meter', { name: '2 of 5 AI generations left today' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Describe the image' })).toHaveValue(
      'Lemonade for hot days. Squeezed this morning.',
    );
    const prompt = screen.getByLabelText('Image prompt');
    expect(prompt).toHaveTextContent('Colour palette: #1d4ed8, #f97316.');
    expect(prompt).toHaveTextContent('"Lemonade for hot days. Squeezed this morning."');

    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText('Drawing your image: this takes up to half a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Generating…/ })).toBeDisabled();
    expect(called('graphicsAiImage')[0]!.input.body).toEqual({
      brief: 'Lemonade for hot days. Squeezed this morning.',
      style: 'background',
      shape: 'square',
    });
    release();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]![0].images.background).toMatchObject({ kind: 'asset', width: 1024, height: 1024 });

    handlers.graphicsAiImage = () => {
      throw new ApiError('QUOTA_EXCEEDED', 429, 'You have used all 5 AI generations of your plan today.', {
        quota: 'aiGenerationsPerDay',
        limit: '5',
        plan: 'free',
        resetsAt: '2026-11-23T00:00:00.000Z',
        upgradeTo: 'pro',
      });
    };
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText('You have used all 5 AI generations of your plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Upgrade to/ })).toBeInTheDocument();
  });
});
