import { expect } from 'vitest';
import { encodePng } from '@infra/twin/openai/prompt-image';

/** A signed-in call to the twin's API, as each test file makes it (`user.call` or `api` with a token). */
export type ApiCall = (route: string, init?: RequestInit) => Promise<Response>;

/** A PNG of one colour, or (without one) a gradient that does not compress to nothing, by the twin's encoder. */
export function testPng(width: number, height: number, rgb?: [number, number, number]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set(rgb ?? [40 + (i % 180), 120, 200], i);
  return encodePng(width, height, pixels);
}

/** The browser's path for a product photo: presigned PUT to the assets bucket, then confirm (checked from the bytes). */
export async function uploadProductImage(
  call: ApiCall,
  fileName: string,
  bytes: Buffer,
): Promise<{ id: string; key: string }> {
  const ticketReply = await call('/api/graphics/uploads', {
    method: 'POST',
    body: JSON.stringify({ purpose: 'product', fileName, contentType: 'image/png', size: bytes.length }),
  });
  const ticketText = await ticketReply.text();
  expect(ticketReply.status, ticketText).toBe(201);
  const ticket = JSON.parse(ticketText) as { uploadId: string; uploadUrl: string; headers: Record<string, string> };
  const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: ticket.headers });
  expect(put.status).toBe(200);
  const confirmReply = await call(`/api/graphics/uploads/${ticket.uploadId}/confirm`, { method: 'POST' });
  const confirmText = await confirmReply.text();
  expect(confirmReply.status, confirmText).toBe(200);
  return JSON.parse(confirmText) as { id: string; key: string };
}
