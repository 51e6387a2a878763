import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultBrandKit, type BrandKit } from '@shared/graphics/brand-kit-schema';
import { defaultDesign } from '@shared/graphics/design-schema';
import { createQueryClient } from '@web/app/providers/query-client';
import { BrandKitPanel } from '@web/features/graphics/components/brand-kit-panel';
import { GraphicsEditor } from '@web/features/graphics/components/graphics-editor';
import { ImageLibrary } from '@web/features/graphics/components/image-library';
import { PastExports } from '@web/features/graphics/components/past-exports';
import { ServerExport } from '@web/features/graphics/components/server-export';
import { type GraphicsRenderer } from '@web/features/graphics/lib/graphics-renderer';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

type Handler = (input: { body?: unknown; params?: { id: string } }) => unknown;
let handlers: Record<string, Handler>;
const calls: { name: string; input: { body?: unknown; params?: { id: string } } }[] = [];

/** The presigned PUT: a stand-in XMLHttpRequest that reports progress and answers 200, recording what was sent. */
const puts: { url: string; headers: Record<string, string>; body: unknown }[] = [];
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    puts.push({ url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = 200;
      this.onload?.();
    }, 5);
  }
}

const USER = '11111111-1111-4111-8111-111111111111';
const ASSET_ID = '22222222-2222-4222-8222-222222222222';
const UPLOAD_ID = '33333333-3333-4333-8333-333333333333';
const DESIGN_ID = '44444444-4444-4444-8444-444444444444';
const logoKey = `users/${USER}/assets/${ASSET_ID}.png`;
const logoAsset = {
  id: ASSET_ID,
  kind: 'upload',
  purpose: 'logo',
  key: logoKey,
  fileName: 'logo.png',
  mimeType: 'image/png',
  width: 256,
  height: 128,
  bytes: 2048,
  createdAt: '2026-11-22T10:00:00.000Z',
  url: 'http://localhost:3010/assets/logo.png?X-Amz-Signature=abc',
};

beforeEach(() => {
  calls.length = 0;
  puts.length = 0;
  handlers = {
    graphicsBrandKit: () => ({ brandKit: defaultBrandKit, saved: false }),
    graphicsAssets: () => ({ assets: [] }),
    graphicsDesigns: () => ({ designs: [] }),
    graphicsExports: () => ({ exports: [] }),
    billingUsage: () => ({ plan: 'free', limits: [] }),
    graphicsStartUpload: () => ({
      uploadId: UPLOAD_ID,
      uploadUrl: 'http://localhost:3010/assets/uploads/x?X-Amz-Signature=abc',
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      expiresAt: '2026-11-22T10:05:00.000Z',
    }),
    graphicsConfirmUpload: () => logoAsset,
    graphicsSaveBrandKit: ({ body }) => ({ brandKit: body, saved: true, logoUrl: logoAsset.url }),
  };
  api.apiRequest.mockImplementation(async (name: string, input: { body?: unknown; params?: { id: string } } = {}) => {
    calls.push({ name, input });
    const handler = handlers[name];
    if (!handler) throw new Error(`unexpected call ${name}`);
    return handler(input);
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const client = () => createQueryClient({ onUnauthorized: () => undefined });
const pngFile = (name = 'logo.png', type = 'image/png', size = 2048) =>
  new File([new Uint8Array(size)], name, { type });
const called = (name: string) => calls.filter((c) => c.name === name);

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

// Whole editor journeys: generous under a loaded machine (speed is the bench's business).
describe('saved designs in the editor', { timeout: 60_000 }, () => {
  const renderer: GraphicsRenderer = {
    svg: async (design) => `<svg xmlns="http://www.w3.org/2000/svg"><text>${design.texts.headline}</text></svg>`,
    png: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  };

  it('reopens a saved design, saves it versioned, and on a stale save says it changed elsewhere and reopens the newer one', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = defaultDesign({ texts: { ...defaultDesign().texts, headline: 'Autumn drop' } });
    const newer = { ...stored, texts: { ...stored.texts, headline: 'Autumn drop, updated in another tab' } };
    let version = 3;
    handlers.graphicsSaveDesign = ({ body }) => {
      const { expectedVersion, name, design } = body as { expectedVersion: number; name: string; design: unknown };
      if (expectedVersion !== version) {
        throw new ApiError(
          'CONFLICT',
          409,
          'This design was changed elsewhere since you opened it: reopen it to see the newer version.',
        );
      }
      version += 1;
      return { id: DESIGN_ID, name, version, templateId: 'product-hero', updatedAt: '2026-11-22T11:00:00Z', design };
    };
    handlers.graphicsDesign = () => ({
      id: DESIGN_ID,
      name: 'Autumn set',
      version,
      templateId: 'product-hero',
      updatedAt: '2026-11-22T11:00:00Z',
      design: newer,
    });
    const onOpenIdChange = vi.fn();
    render(
      <QueryClientProvider client={client()}>
        <GraphicsEditor
          renderer={renderer}
          prefill={null}
          initialSaved={{ id: DESIGN_ID, name: 'Autumn set', version: 3, design: stored }}
          onOpenIdChange={onOpenIdChange}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Autumn drop');
    expect(screen.getByRole('textbox', { name: 'Design name' })).toHaveValue('Autumn set');
    expect(screen.getByText('Editing “Autumn set”, version 3.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved “Autumn set” (version 4).');
    expect(called('graphicsSaveDesign')[0]!.input).toMatchObject({
      params: { id: DESIGN_ID },
      body: { name: 'Autumn set', expectedVersion: 3 },
    });

    // Someone else saved version 5 meanwhile.
    version = 5;
    await user.type(screen.getByRole('textbox', { name: 'Headline' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This design was changed elsewhere');
    expect(screen.getByText(/reopen it to see the newer version/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen the newer version' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Autumn drop, updated in another tab'),
    );
    expect(screen.getByText('Editing “Autumn set”, version 5.')).toBeInTheDocument();
    expect(onOpenIdChange).toHaveBeenLastCalledWith(DESIGN_ID);
  });

  it('saves a new design, puts its id in the URL, and lists, renames and reopens saved designs', async () => {
    const user = userEvent.setup({ delay: null });
    const list = [
      { id: DESIGN_ID, name: 'Spring set', version: 2, templateId: 'offer-badge', updatedAt: '2026-11-20T09:00:00Z' },
    ];
    const springDesign = defaultDesign({
      templateId: 'offer-badge',
      texts: { ...defaultDesign().texts, headline: 'Spring sale', badge: '-20 %' },
    });
    handlers.graphicsDesigns = () => ({ designs: list });
    handlers.graphicsDesign = () => ({ ...list[0]!, design: springDesign });
    handlers.graphicsCreateDesign = ({ body }) => ({
      id: '55555555-5555-4555-8555-555555555555',
      name: (body as { name: string }).name,
      version: 1,
      templateId: 'product-hero',
      updatedAt: '2026-11-22T11:00:00Z',
      design: (body as { design: unknown }).design,
    });
    handlers.graphicsSaveDesign = ({ body }) => ({
      ...list[0]!,
      name: (body as { name: string }).name,
      version: 3,
      design: springDesign,
    });
    const onOpenIdChange = vi.fn();
    render(
      <QueryClientProvider client={client()}>
        <GraphicsEditor renderer={renderer} prefill={null} onOpenIdChange={onOpenIdChange} />
      </QueryClientProvider>,
    );
    const nameBox = screen.getByRole('textbox', { name: 'Design name' });
    await user.clear(nameBox);
    await user.type(nameBox, 'Summer set');
    await user.click(screen.getByRole('button', { name: 'Save design' }));
    await screen.findByText('Saved “Summer set” (version 1).');
    expect(called('graphicsCreateDesign')[0]!.input.body).toMatchObject({ name: 'Summer set' });
    expect(onOpenIdChange).toHaveBeenCalledWith('55555555-5555-4555-8555-555555555555');

    await user.click(screen.getByRole('tab', { name: 'Saved' }));
    const row = (await screen.findByRole('list', { name: 'Saved designs' })).querySelector('li')!;
    await user.click(within(row).getByRole('button', { name: 'Rename Spring set' }));
    const rename = screen.getByRole('textbox', { name: 'New name for Spring set' });
    await user.clear(rename);
    await user.type(rename, 'Spring set v2');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(called('graphicsSaveDesign')).toHaveLength(1));
    expect(called('graphicsSaveDesign')[0]!.input.body).toMatchObject({ name: 'Spring set v2', expectedVersion: 2 });

    await user.click(screen.getByRole('button', { name: 'Open Spring set' }));
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Spring sale'));
    expect(screen.getByRole('textbox', { name: 'Offer badge' })).toHaveValue('-20 %');
    expect(onOpenIdChange).toHaveBeenLastCalledWith(DESIGN_ID);
  });
});

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
    expect(within(images).getByRole('button', { name: 'Copy alt text for 9:16' })).toHaveTextContent('Copied');
  });
});

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
