import { sanitiseSvg } from '@shared/graphics/svg-sanitise';

/**
 * What an uploaded file really is, read from its bytes (never from its name or the type the
 * browser claimed): PNG, JPEG and WebP by their signatures and headers, SVG by parsing it
 * through the shared sanitiser. A renamed .exe, a truncated header or an SVG with scripts
 * does not pass.
 */
export type ImageMimeType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

export type InspectedImage =
  | { ok: true; mimeType: ImageMimeType; width: number; height: number; bytes: Buffer; removed?: string[] }
  | { ok: false; reason: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(bytes: Buffer): InspectedImage {
  // Signature, then the IHDR chunk first: length 13, type IHDR, width, height.
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return { ok: false, reason: 'The PNG file is truncated or has no IHDR header.' };
  }
  return { ok: true, mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes };
}

/** Walks JPEG markers to the first start-of-frame, which holds the size. */
function jpeg(bytes: Buffer): InspectedImage {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { ok: false, reason: 'The JPEG file is malformed.' };
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) break;
      return {
        ok: true,
        mimeType: 'image/jpeg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
        bytes,
      };
    }
    if (marker === 0xd9 || marker === 0xda) break;
    offset += 2 + length;
  }
  return { ok: false, reason: 'The JPEG file has no frame header (truncated or not a JPEG).' };
}

function webp(bytes: Buffer): InspectedImage {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return {
      ok: true,
      mimeType: 'image/webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
      bytes,
    };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { ok: true, mimeType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, bytes };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return {
      ok: true,
      mimeType: 'image/webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
      bytes,
    };
  }
  return { ok: false, reason: 'The WebP file has no VP8, VP8L or VP8X header.' };
}

function svg(bytes: Buffer): InspectedImage {
  const text = bytes.toString('utf8');
  if (text.includes('\u0000')) return { ok: false, reason: 'The file is not a text SVG.' };
  const result = sanitiseSvg(text);
  if (!result.ok) return { ok: false, reason: result.reason };
  return {
    ok: true,
    mimeType: 'image/svg+xml',
    width: Math.round(result.width),
    height: Math.round(result.height),
    bytes: Buffer.from(result.svg, 'utf8'),
    removed: result.removed,
  };
}

/** Reads the file's real type and pixel size; SVG comes back sanitised (its `bytes` are the safe version). */
export function inspectImage(bytes: Buffer): InspectedImage {
  if (bytes.length === 0) return { ok: false, reason: 'The file is empty.' };
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return png(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return webp(bytes);
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) return svg(bytes);
  if (bytes[0] === 0x4d && bytes[1] === 0x5a)
    return { ok: false, reason: 'The file is a Windows program, not an image.' };
  return { ok: false, reason: 'The file is not a PNG, JPEG, WebP or SVG image.' };
}
