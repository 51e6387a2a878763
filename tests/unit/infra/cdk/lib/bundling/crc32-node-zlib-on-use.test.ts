import { Crc32Node as SdkCrc32Node } from '@smithy/core/checksum';
import { afterEach, describe, expect, it, vi } from 'vitest';

const STAND_IN: string = '@infra/cdk/lib/bundling/crc32-node-zlib-on-use.mjs';
type StandIn = { Crc32Node: typeof SdkCrc32Node };

describe("the AWS SDK's Crc32Node stand-in in Lambda bundles", () => {
  afterEach(() => {
    vi.doUnmock('node:zlib');
    vi.resetModules();
  });

  it('sums as the SDK does, in pieces, after a reset and as digest bytes', async () => {
    const pieces = [new TextEncoder().encode('event stream '), new Uint8Array([0, 255, 7]), new Uint8Array(0)];
    const { Crc32Node } = (await import(STAND_IN)) as StandIn;
    const ours = new Crc32Node();
    const sdk = new SdkCrc32Node();
    ours.update(new Uint8Array([9, 9]));
    ours.reset();
    for (const piece of pieces) {
      ours.update(piece);
      sdk.update(piece);
    }
    expect(ours.digestSync()).toBe(sdk.digestSync());
    expect(await ours.digest()).toEqual(await sdk.digest());
    expect(ours.digestLength).toBe(4);
  });

  it('fails loudly, naming the cut, on a Node.js without zlib.crc32', async () => {
    vi.doMock('node:zlib', () => ({ crc32: undefined }));
    const { Crc32Node: WithoutNative } = (await import(STAND_IN)) as StandIn;
    expect(() => new WithoutNative().update(new Uint8Array([1]))).toThrow(/no zlib\.crc32.*crc32-node-zlib-on-use/);
  });

  it("is what every Lambda bundle gets for the SDK's Crc32Node", async () => {
    const { build } = await import('esbuild');
    const { lambdaEsbuildOptions } = await import('@infra/cdk/lib/lambda-bundling');
    const result = await build({
      ...lambdaEsbuildOptions,
      stdin: { contents: "export { Crc32 } from '@smithy/core/checksum';", resolveDir: process.cwd() },
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((file) => file.endsWith('crc32-node-zlib-on-use.mjs'))).toBe(true);
    expect(inputs.filter((file) => file.endsWith('checksum/crc32/Crc32Node.js'))).toEqual([]);
  }, 60_000);
});
