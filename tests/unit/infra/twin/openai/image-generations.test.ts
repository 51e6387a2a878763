import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateImages, readImageRequest, type ImageRequest } from '@infra/twin/openai/image-generations';
import { paletteFromPrompt } from '@infra/twin/openai/prompt-image';

function request(body: Record<string, unknown>): ImageRequest {
  const parsed = readImageRequest(body);
  if ('body' in parsed) throw new Error(JSON.stringify(parsed.body));
  return parsed;
}

/** Decodes the offline model's PNG (8-bit RGB, filter 0) back into its size and pixels. */
function decode(b64: string): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  const png = Buffer.from(b64, 'base64');
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  const pixel = (x: number, y: number) => [
    ...rows.subarray(y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3),
  ];
  return { width, height, pixel };
}

describe('the offline model: POST /v1/images/generations', () => {
  it('validates as OpenAI does for gpt-image-1: size, n, quality, response_format, unknown parameters', () => {
    const base = { model: 'gpt-image-1', prompt: 'a lemon' };
    const error = (body: Record<string, unknown>) => {
      const reply = readImageRequest(body);
      return 'body' in reply ? { status: reply.status, ...reply.body.error } : null;
    };
    expect(error({ ...base, size: '512x512' })).toMatchObject({ status: 400, param: 'size', code: 'invalid_value' });
    expect(error({ ...base, size: '512x512' })?.message).toContain("'1024x1024', '1536x1024', '1024x1536', and 'auto'");
    expect(error({ ...base, n: 11 })).toMatchObject({ param: 'n', code: 'integer_above_max_value' });
    expect(error({ ...base, n: 0 })).toMatchObject({ param: 'n', code: 'integer_below_min_value' });
    expect(error({ ...base, quality: 'hd' })).toMatchObject({ param: 'quality', code: 'invalid_value' });
    expect(error({ ...base, response_format: 'b64_json' })).toMatchObject({ param: 'response_format' });
    expect(error({ ...base, style: 'vivid' })).toMatchObject({ param: 'style', code: 'unknown_parameter' });
    expect(error({ model: 'gpt-image-1' })).toMatchObject({ param: 'prompt' });
    expect(error({ ...base, model: 'dall-e-3' })).toMatchObject({ param: 'model' });
    expect(error(base)).toBeNull();
  });

  it('answers the Images API shape with one PNG per n at the asked size, drawn from the prompt', () => {
    const reply = generateImages(
      request({ model: 'gpt-image-1', prompt: 'brand #ff0000 and #0000ff', n: 2, size: '1536x1024' }),
    ) as {
      data: { b64_json: string }[];
      size: string;
      usage: { total_tokens: number };
    };
    expect(reply.size).toBe('1536x1024');
    expect(reply.data).toHaveLength(2);
    expect(reply.usage.total_tokens).toBeGreaterThan(0);
    const first = decode(reply.data[0]!.b64_json);
    expect([first.width, first.height]).toEqual([1536, 1024]);
    expect(reply.data[0]!.b64_json).not.toBe(reply.data[1]!.b64_json);
  });

  it('is deterministic per prompt and colours the picture from the palette in it', () => {
    const prompt = 'Colour palette: #10b981, #f97316. Summer sale';
    const once = generateImages(request({ model: 'gpt-image-1', prompt, size: '1024x1024' })) as {
      data: { b64_json: string }[];
    };
    const again = generateImages(request({ model: 'gpt-image-1', prompt, size: '1024x1024' })) as {
      data: { b64_json: string }[];
    };
    expect(once.data[0]!.b64_json).toBe(again.data[0]!.b64_json);
    const other = generateImages(
      request({ model: 'gpt-image-1', prompt: 'navy and gold watch', size: '1024x1024' }),
    ) as {
      data: { b64_json: string }[];
    };
    expect(other.data[0]!.b64_json).not.toBe(once.data[0]!.b64_json);

    // Greens and oranges dominate a green/orange palette: sample a grid and look at the channels.
    const image = decode(once.data[0]!.b64_json);
    let greenish = 0;
    let bluish = 0;
    for (let y = 16; y < 1024; y += 64)
      for (let x = 16; x < 1024; x += 64) {
        const [r, g, b] = image.pixel(x, y) as [number, number, number];
        if (g > b || r > b) greenish += 1;
        if (b > r && b > g) bluish += 1;
      }
    expect(greenish).toBeGreaterThan(bluish * 4);
  });

  it('reads hex codes and colour words in the order they appear', () => {
    expect(paletteFromPrompt('navy then #FF8800 then gold')).toEqual([
      [30, 41, 99],
      [255, 136, 0],
      [212, 175, 55],
    ]);
    expect(paletteFromPrompt('no colours at all')).toHaveLength(2);
  });
});
