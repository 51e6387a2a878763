import { describe, expect, it } from 'vitest';
import { parseMultipart } from '@infra/twin/meta-sandbox/multipart-form';
import { parseBody, UPLOADED_FILE_NAME } from '@infra/twin/meta-sandbox/request-input';

async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://x', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('multipart bodies in the Meta sandbox', () => {
  it('reads text fields and a binary file part byte for byte, as fetch encodes them', async () => {
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d]);
    const form = new FormData();
    form.set('access_token', 'token-1');
    form.set('filename', new Blob([image], { type: 'image/png' }), 'sale banner.png');
    const { body, contentType } = await encode(form);
    const parsed = parseMultipart(body, contentType);
    expect(parsed.fields).toEqual({ access_token: 'token-1' });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'filename', fileName: 'sale banner.png', contentType: 'image/png' });
    expect(parsed.files[0]!.data).toEqual(image);
  });

  it('hands the file to the adimages edge as bytes with its name', async () => {
    const form = new FormData();
    form.set('filename', new Blob([Buffer.from('GIF89a-ish')]), 'a.gif');
    const { body, contentType } = await encode(form);
    const params = parseBody(body, contentType);
    expect(Buffer.from(params.bytes!, 'base64').toString()).toBe('GIF89a-ish');
    expect(params[UPLOADED_FILE_NAME]).toBe('a.gif');
  });

  it('refuses a body without its boundary or closing delimiter (Graph error #100)', () => {
    expect(() => parseMultipart(Buffer.from('x'), 'multipart/form-data')).toThrow(/boundary/);
    const unterminated = Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue');
    expect(() => parseMultipart(unterminated, 'multipart/form-data; boundary=b')).toThrow(/closing boundary/);
  });
});
