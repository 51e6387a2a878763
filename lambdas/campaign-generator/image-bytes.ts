/**
 * The bytes of an ad's image, for `POST /act_{id}/adimages` (Meta takes the file itself, as
 * `bytes` or a multipart upload, never a URL to fetch). Images are read with a timeout and a
 * size cap, and must be a JPEG, PNG or GIF by their first bytes, whatever the server claims.
 */

/** Meta's largest ad image file is 30 MB; link ads never need more than this. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

const SIGNATURES: Array<{ type: 'jpg' | 'png' | 'gif'; bytes: number[] }> = [
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

export interface ImageFile {
  bytes: Buffer;
  type: 'jpg' | 'png' | 'gif';
  /** A file name for Meta's image library. */
  name: string;
}

export class ImageReadError extends Error {
  override name = 'ImageReadError';
}

export function imageType(bytes: Uint8Array): ImageFile['type'] | undefined {
  return SIGNATURES.find((s) => s.bytes.every((byte, i) => bytes[i] === byte))?.type;
}

export type ImageFetcher = (url: string) => Promise<ImageFile>;

/** Downloads an image the brief points at; anything that is not a readable image is an ImageReadError. */
export function imageFetcher(fetchImpl: typeof fetch = fetch): ImageFetcher {
  return async (url) => {
    let reply: Response;
    try {
      reply = await fetchImpl(url, { redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new ImageReadError(`The image ${url} could not be downloaded (${(error as Error).message}).`);
    }
    if (!reply.ok) throw new ImageReadError(`The image ${url} could not be downloaded (HTTP ${reply.status}).`);
    const declared = Number(reply.headers.get('content-length') ?? 0);
    if (declared > MAX_IMAGE_BYTES) throw new ImageReadError(`The image ${url} is larger than 8 MB.`);
    const bytes = Buffer.from(await reply.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) throw new ImageReadError(`The image ${url} is larger than 8 MB.`);
    const type = imageType(bytes);
    if (!type) throw new ImageReadError(`The file at ${url} is not a JPG, PNG or GIF image.`);
    const base =
      new URL(url).pathname
        .split('/')
        .pop()
        ?.replace(/[^A-Za-z0-9._-]/g, '') || 'image';
    return { bytes, type, name: base.includes('.') ? base : `${base}.${type}` };
  };
}
