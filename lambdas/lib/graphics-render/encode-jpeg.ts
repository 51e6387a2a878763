import jpeg from 'jpeg-js';

/** JPEG quality for exports: visually lossless for flat ad graphics, a fraction of the PNG's size for photos. */
export const JPEG_QUALITY = 90;

/** RGBA pixels → baseline JPEG (alpha is flattened: the designs are opaque). */
export function encodeJpeg(rgba: Uint8Array, width: number, height: number, quality = JPEG_QUALITY): Uint8Array {
  const encoded = jpeg.encode({ data: rgba, width, height }, quality);
  return new Uint8Array(encoded.data.buffer, encoded.data.byteOffset, encoded.data.byteLength);
}
