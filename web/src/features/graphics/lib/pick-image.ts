import { MAX_DATA_URL_CHARS, type ImageRef } from '@shared/graphics/design-schema';
import { sanitiseSvg } from '@shared/graphics/svg-sanitise';

/** The image types the editor accepts (what resvg draws and Meta takes). */
export const PICKABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

function naturalSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('The file is not an image the browser can open.'));
    image.src = url;
  });
}

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A local file → an image reference for the preview (data: URL and pixel size). SVGs are sanitised first, exactly as
 * the upload will be. Until uploads land in the editor the design keeps the data: URL.
 */
export async function pickImage(file: File): Promise<ImageRef> {
  if (!(PICKABLE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    throw new Error('Choose a PNG, JPEG or SVG image.');
  }
  let url: string;
  let size: { width: number; height: number };
  if (file.type === 'image/svg+xml') {
    const result = sanitiseSvg(await file.text());
    if (!result.ok) throw new Error(result.reason);
    url = `data:image/svg+xml;base64,${base64Utf8(result.svg)}`;
    size = { width: Math.round(result.width), height: Math.round(result.height) };
  } else {
    url = await readAsDataUrl(file);
    size = await naturalSize(url);
  }
  if (url.length > MAX_DATA_URL_CHARS) throw new Error('The image is too large: choose one under 7 MB.');
  return { kind: 'data', url, width: Math.max(1, size.width), height: Math.max(1, size.height) };
}
