/**
 * Stands in for @smithy/core's checksum index (dist-es/submodules/checksum/index.js) without its re-exports of MD5
 * and the stream hashers, which only S3 uses (its Content-MD5 and object checksums; SQS's message MD5 too): every
 * client imports this index for SHA-256 and CRC32, and esbuild puts every module an index re-exports, if any chunk
 * uses it, in the chunk init loads, so a function that loads S3 on first use compiled them at init. The packages that
 * use them (listed in lambda-bundling.ts) get the whole index (smithy-checksum-with-s3.mjs); any other importer
 * needing one of them fails the build. The lines below are the package's, paths made relative to this folder; a test
 * checks they still are.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export { blobHasher } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/hash-blob-browser/blobHasher';
export { Crc32Js } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/crc32/Crc32Js';
export {
  Crc32Node,
  Crc32Node as Crc32,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/crc32/Crc32Node';
export { Sha256Js } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256Js';
export {
  Sha256Node,
  Sha256Node as Sha256,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256Node';
export { Sha256WebCrypto } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256WebCrypto';
export { blobReader } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/chunked-blob-reader/chunked-blob-reader';
