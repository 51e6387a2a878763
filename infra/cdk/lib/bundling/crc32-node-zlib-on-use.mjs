/**
 * Stands in for `@smithy/core/dist-es/submodules/checksum/crc32/Crc32Node.js` inside Lambda bundles. The original
 * reads `zlib.crc32` when it is imported, to choose between Node's native CRC32 and a JavaScript one, so every
 * function loads zlib at init (~0.7 ms CPU) although only event streams and flexible checksums ever sum: no DynamoDB
 * or Secrets Manager call does. This class is the original's native variant, reading `zlib.crc32` when it first
 * sums; zlib is one of the built-ins loaded on first use (builtins-through-require.ts). Lambda's Node.js 22 runtime
 * has `zlib.crc32` (added in Node 22.2.0 and 20.15.0, Node's zlib docs), so the JavaScript fallback is not kept: a
 * runtime without it fails loudly here instead.
 */
import * as zlib from 'node:zlib';

function nativeCrc32() {
  if (typeof zlib.crc32 !== 'function') {
    throw new Error(
      "Crc32Node stand-in (Lambda bundles): this Node.js has no zlib.crc32, and the AWS SDK's JavaScript CRC32 " +
        'was cut from the bundle (infra/cdk/lib/bundling/crc32-node-zlib-on-use.mjs); run on Node.js >= 20.15',
    );
  }
  return zlib.crc32;
}

export class Crc32Node {
  digestLength = 4;
  value = 0;

  update(data) {
    this.value = nativeCrc32()(data, this.value);
  }

  digestSync() {
    return this.value >>> 0;
  }

  async digest() {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, this.digestSync(), false);
    return out;
  }

  reset() {
    this.value = 0;
  }
}
