import * as z from 'zod';
import type { ReportData } from '@shared/schemas/reports';
import type { MetaSession } from '../meta-session/session';
import type { ReportImages } from './report-pdf';

/**
 * The pictures of a report: the ads' thumbnails as Meta names them (`creative{thumbnail_url}`) and the brand kit's
 * logo. A thumbnail is fetched with a timeout and a size cap and kept only when its bytes are a JPEG or a PNG (what
 * the PDF can draw); anything else, slow, large or missing leaves the PDF's neutral box, never a failed report.
 */
export const THUMBNAIL_TIMEOUT_MS = 3_000;
/** Meta's thumbnails are small (64–160 px); a megabyte is far above any of them. */
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;

export type ImageKind = 'png' | 'jpeg';

/** The picture's type from its first bytes (magic numbers), not from what a server said it was. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface FetchImageOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * A thumbnail's bytes, or null. `https:` URLs (Meta's CDN) are fetched; `data:` URLs (the twin's sandbox answers
 * those) are decoded; other schemes are not followed.
 */
export async function fetchThumbnail(url: string, options: FetchImageOptions = {}): Promise<Uint8Array | null> {
  const maxBytes = options.maxBytes ?? THUMBNAIL_MAX_BYTES;
  let bytes: Uint8Array | null = null;
  try {
    if (url.startsWith('data:')) {
      const match = /^data:[^,;]*;base64,([A-Za-z0-9+/=]*)$/.exec(url);
      if (!match || (match[1]!.length * 3) / 4 > maxBytes) return null;
      bytes = Buffer.from(match[1]!, 'base64');
    } else if (new URL(url).protocol === 'https:') {
      const reply = await (options.fetch ?? fetch)(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? THUMBNAIL_TIMEOUT_MS),
        redirect: 'follow',
      });
      if (!reply.ok || !reply.body) return null;
      const length = Number(reply.headers.get('content-length') ?? 0);
      if (length > maxBytes) return null;
      bytes = await readCapped(reply.body, maxBytes);
    }
  } catch {
    // A timeout, a refused connection, a bad URL: no picture.
    return null;
  }
  return bytes && imageKind(bytes) ? bytes : null;
}

const AdThumbnailSchema = z.object({
  id: z.string(),
  creative: z.object({ thumbnail_url: z.string().optional() }).optional(),
});

/** Meta's thumbnail URL of each ad, in one batched Graph call; ads Meta cannot answer for have none. */
export async function adThumbnailUrls(session: MetaSession, adIds: readonly string[]): Promise<Record<string, string>> {
  const ids = [...new Set(adIds)];
  if (ids.length === 0) return {};
  const replies = await session.graph.batch(
    ids.map((id) => ({ method: 'GET' as const, path: `/${id}`, params: { fields: 'id,creative{thumbnail_url}' } })),
    AdThumbnailSchema,
  );
  const urls: Record<string, string> = {};
  for (const reply of replies) {
    if (!reply.ok) continue;
    const url = reply.body.creative?.thumbnail_url;
    if (url) urls[reply.body.id] = url;
  }
  return urls;
}

/** The PDF's pictures for a report: each listed ad's thumbnail (fetched side by side) and the logo, when there is one. */
export async function loadReportImages(
  data: Pick<ReportData, 'topAds' | 'bottomAds'>,
  logo: () => Promise<Uint8Array | null>,
  options: FetchImageOptions = {},
): Promise<ReportImages> {
  const ads = [...data.topAds, ...data.bottomAds].filter((ad) => ad.thumbnailUrl);
  const [logoPng, fetched] = await Promise.all([
    logo().catch(() => null),
    Promise.all(ads.map(async (ad) => [ad.id, await fetchThumbnail(ad.thumbnailUrl!, options)] as const)),
  ]);
  const thumbnails: Record<string, Uint8Array> = {};
  for (const [id, bytes] of fetched) if (bytes) thumbnails[id] = bytes;
  return { thumbnails, ...(logoPng && imageKind(logoPng) === 'png' ? { logoPng } : {}) };
}
