import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { defaultBrandKit } from '@shared/graphics/brand-kit-schema';
import { createQueryClient } from '@web/app/providers/query-client';

/**
 * The graphics screens' server, stubbed at the web API client: each test file mocks `@web/lib/api` with a hoisted
 * `{ apiRequest: vi.fn() }` and hands it to stubGraphicsApi, which answers every named route from `handlers`
 * (reset before each test; a test replaces the ones it is about) and records each call. An unexpected route fails.
 */
export type Handler = (input: { body?: unknown; params?: { id: string } }) => unknown;

export const USER = '11111111-1111-4111-8111-111111111111';
export const ASSET_ID = '22222222-2222-4222-8222-222222222222';
export const UPLOAD_ID = '33333333-3333-4333-8333-333333333333';
export const DESIGN_ID = '44444444-4444-4444-8444-444444444444';
export const logoKey = `users/${USER}/assets/${ASSET_ID}.png`;
export const logoAsset = {
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

const defaultHandlers = (): Record<string, Handler> => ({
  graphicsBrandKit: () => ({ brandKit: defaultBrandKit, saved: false }),
  graphicsAssets: () => ({ assets: [] }),
  graphicsDesigns: () => ({ designs: [] }),
  graphicsExports: () => ({ exports: [] }),
  graphicsVideoRenders: () => ({ renders: [] }),
  graphicsAcknowledgeVideoRender: ({ params }) => ({ jobId: params!.id }),
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
});

export function stubGraphicsApi(apiRequest: Mock) {
  const handlers: Record<string, Handler> = {};
  const calls: { name: string; input: { body?: unknown; params?: { id: string } } }[] = [];
  beforeEach(() => {
    calls.length = 0;
    puts.length = 0;
    for (const name of Object.keys(handlers)) delete handlers[name];
    Object.assign(handlers, defaultHandlers());
    apiRequest.mockImplementation(async (name: string, input: { body?: unknown; params?: { id: string } } = {}) => {
      calls.push({ name, input });
      const handler = handlers[name];
      if (!handler) throw new Error(`unexpected call ${name}`);
      return handler(input);
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());
  return { handlers, calls, puts, called: (name: string) => calls.filter((c) => c.name === name) };
}

export const client = () => createQueryClient({ onUnauthorized: () => undefined });
export const pngFile = (name = 'logo.png', type = 'image/png', size = 2048) =>
  new File([new Uint8Array(size)], name, { type });
