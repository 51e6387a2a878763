import { describe, expect, it } from 'vitest';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { inspectImage } from '@lambdas/lib/graphics/image-inspect';

/** The smallest JPEG header a decoder reads the size from: SOI, APP0, SOF0 (baseline) with height and width. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

function webpLossless(width: number, height: number): Buffer {
  const bits = (width - 1) | ((height - 1) << 14);
  const chunk = Buffer.alloc(5);
  chunk[0] = 0x2f;
  chunk.writeUInt32LE(bits >>> 0, 1);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L'), Buffer.alloc(4), chunk]);
}

describe('inspectImage: the type and size come from the bytes', () => {
  it('reads PNG, JPEG and WebP dimensions from their headers', () => {
    expect(inspectImage(encodePng(3, 2, new Uint8Array(18)))).toMatchObject({
      ok: true,
      mimeType: 'image/png',
      width: 3,
      height: 2,
    });
    expect(inspectImage(jpegHeader(1200, 800))).toMatchObject({
      ok: true,
      mimeType: 'image/jpeg',
      width: 1200,
      height: 800,
    });
    expect(inspectImage(webpLossless(640, 480))).toMatchObject({
      ok: true,
      mimeType: 'image/webp',
      width: 640,
      height: 480,
    });
  });

  it('refuses a renamed program, an empty file, truncated headers and plain text', () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
    expect(inspectImage(exe)).toEqual({ ok: false, reason: 'The file is a Windows program, not an image.' });
    expect(inspectImage(Buffer.alloc(0)).ok).toBe(false);
    expect(inspectImage(encodePng(3, 2, new Uint8Array(18)).subarray(0, 20)).ok).toBe(false);
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00])).ok).toBe(false);
    expect(inspectImage(Buffer.from('hello, I am a text file')).ok).toBe(false);
  });

  it('sanitises an SVG (scripts and event handlers gone) and refuses one with entities', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>x()</script><circle r="5" onload="y()"/></svg>';
    const result = inspectImage(Buffer.from(svg));
    expect(result).toMatchObject({ ok: true, mimeType: 'image/svg+xml', width: 120, height: 40 });
    if (!result.ok) throw new Error('expected ok');
    expect(result.bytes.toString()).not.toMatch(/script|onload/);
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
    expect(inspectImage(Buffer.from(bomb)).ok).toBe(false);
  });
});
