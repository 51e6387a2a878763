import { describe, expect, it } from 'vitest';
import {
  adThumbnailUrls,
  fetchThumbnail,
  imageKind,
  loadReportImages,
  THUMBNAIL_MAX_BYTES,
} from '@lambdas/lib/reports/report-images';
import { solidPng } from '@tests/support/png';
import { sampleReportData } from '@tests/support/report-fixtures';
import { fakeSession } from '../meta-session/fake-session';

const png = solidPng(8, [10, 20, 30]);
const jpegStart = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

/** A fetch that answers from a table of URLs, recording each request. */
function fakeFetch(answers: Record<string, () => Promise<Response> | Response>) {
  const requested: string[] = [];
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    requested.push(String(url));
    const answer = answers[String(url)];
    if (!answer) return new Response('not found', { status: 404 });
    const signal = init?.signal;
    return await Promise.race([
      answer(),
      new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    ]);
  }) as typeof fetch;
  return { fetcher, requested };
}

describe('imageKind', () => {
  it('knows PNG and JPEG by their first bytes, nothing else', () => {
    expect(imageKind(png)).toBe('png');
    expect(imageKind(jpegStart)).toBe('jpeg');
    expect(imageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(imageKind(new Uint8Array())).toBeNull();
  });
});

describe('fetchThumbnail', () => {
  it("keeps a PNG or JPEG from Meta's CDN", async () => {
    const { fetcher } = fakeFetch({
      'https://cdn.test/a.png': () => new Response(new Uint8Array(png)),
      'https://cdn.test/b.jpg': () => new Response(jpegStart),
    });
    expect(await fetchThumbnail('https://cdn.test/a.png', { fetch: fetcher })).toEqual(Buffer.from(png));
    expect(await fetchThumbnail('https://cdn.test/b.jpg', { fetch: fetcher })).toEqual(Buffer.from(jpegStart));
  });

  it('gives up on a slow server, a large file, an error status or bytes that are not a picture', async () => {
    const { fetcher } = fakeFetch({
      'https://cdn.test/slow.png': () => new Promise(() => undefined),
      'https://cdn.test/big.png': () => new Response(new Uint8Array(THUMBNAIL_MAX_BYTES + 1).fill(1)),
      'https://cdn.test/big-unannounced.png': () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(png);
              controller.enqueue(new Uint8Array(2048));
              controller.close();
            },
          }),
        ),
      'https://cdn.test/html': () => new Response('<html>'),
      'https://cdn.test/gone.png': () => new Response(new Uint8Array(png), { status: 410 }),
    });
    const started = Date.now();
    expect(await fetchThumbnail('https://cdn.test/slow.png', { fetch: fetcher, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await fetchThumbnail('https://cdn.test/big.png', { fetch: fetcher })).toBeNull();
    expect(await fetchThumbnail('https://cdn.test/big-unannounced.png', { fetch: fetcher, maxBytes: 1024 })).toBeNull();
    expect(await fetchThumbnail('https://cdn.test/html', { fetch: fetcher })).toBeNull();
    expect(await fetchThumbnail('https://cdn.test/gone.png', { fetch: fetcher })).toBeNull();
  });

  it('decodes data: URLs (the sandbox answers those) and follows no other scheme', async () => {
    const { fetcher, requested } = fakeFetch({});
    const dataPng = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    expect(await fetchThumbnail(dataPng, { fetch: fetcher })).toEqual(Buffer.from(png));
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(await fetchThumbnail(svg, { fetch: fetcher })).toBeNull();
    expect(await fetchThumbnail('http://169.254.169.254/latest/meta-data', { fetch: fetcher })).toBeNull();
    expect(await fetchThumbnail('file:///etc/passwd', { fetch: fetcher })).toBeNull();
    expect(await fetchThumbnail('not a url', { fetch: fetcher })).toBeNull();
    expect(requested).toEqual([]);
  });
});

describe('adThumbnailUrls', () => {
  it("reads each ad's creative thumbnail in one batch, leaving out ads Meta could not answer for", async () => {
    const { session } = fakeSession(() => undefined);
    const requests: unknown[] = [];
    session.graph.batch = (async (batch: unknown[]) => {
      requests.push(...batch);
      return [
        { ok: true, status: 200, body: { id: '11', creative: { thumbnail_url: 'https://cdn.test/11.jpg' } } },
        { ok: true, status: 200, body: { id: '12' } },
        { ok: false, error: { message: 'Unsupported get request', code: 100 } },
      ];
    }) as typeof session.graph.batch;
    expect(await adThumbnailUrls(session, ['11', '12', '13', '11'])).toEqual({ '11': 'https://cdn.test/11.jpg' });
    expect(requests).toEqual(
      ['11', '12', '13'].map((id) => ({
        method: 'GET',
        path: `/${id}`,
        params: { fields: 'id,creative{thumbnail_url}' },
      })),
    );
    expect(await adThumbnailUrls(session, [])).toEqual({});
  });
});

describe('loadReportImages', () => {
  it('fetches the listed ads that have a thumbnail URL and keeps a PNG logo', async () => {
    const { fetcher } = fakeFetch({ 'https://cdn.test/11.png': () => new Response(new Uint8Array(png)) });
    const data = sampleReportData({
      topAds: [{ ...sampleReportData().topAds[0]!, thumbnailUrl: 'https://cdn.test/11.png' }],
    });
    const images = await loadReportImages(data, async () => png, { fetch: fetcher });
    expect(Object.keys(images.thumbnails ?? {})).toEqual(['11']);
    expect(images.logoPng).toEqual(png);
  });

  it('leaves the logo out when it cannot be read or is not a PNG', async () => {
    const data = sampleReportData();
    expect((await loadReportImages(data, () => Promise.reject(new Error('S3 down')))).logoPng).toBeUndefined();
    expect((await loadReportImages(data, async () => jpegStart)).logoPng).toBeUndefined();
  });
});
