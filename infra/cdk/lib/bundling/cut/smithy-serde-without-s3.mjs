/**
 * Stands in for @smithy/core's serde index (dist-es/submodules/serde/index.js) without its re-exports of what only
 * S3 uses: its object streams (the SDK stream mixin, the checksum and aws-chunked streams, buffered reads, head and
 * split), header splitting and quoting, the schema date parsers of its REST-XML protocol. Every client imports this
 * index, and esbuild puts every module an index re-exports, if any chunk uses it, in the chunk init loads: so a
 * function that loads S3 on first use compiled them at init. The packages that use them (listed in
 * lambda-bundling.ts) get the whole index (smithy-serde-with-s3.mjs); any other importer needing one of them fails
 * the build. The lines below are the package's, paths made relative to this folder; a test checks they still are.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
import { getRandomValues } from 'node:crypto';
import { fromBase64 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-base64/fromBase64';
import { toBase64 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-base64/toBase64';
import { bindUint8ArrayBlobAdapter } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/blob/Uint8ArrayBlobAdapter';
import { fromUtf8 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-utf8/fromUtf8';
import { toUtf8 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-utf8/toUtf8';
import { bindV4 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/uuid/v4';
export { copyDocumentWithTransform } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/copyDocumentWithTransform';
export {
  dateToUtcString,
  parseRfc3339DateTime,
  parseRfc3339DateTimeWithOffset,
  parseRfc7231DateTime,
  parseEpochTimestamp,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/date-utils';
export { LazyJsonString } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/lazy-json';
export {
  logger,
  parseBoolean,
  expectBoolean,
  expectNumber,
  expectFloat32,
  expectInt,
  expectInt32,
  expectShort,
  expectByte,
  expectNonNull,
  expectObject,
  expectString,
  expectUnion,
  expectLong,
  strictParseDouble,
  strictParseFloat,
  strictParseFloat32,
  strictParseLong,
  strictParseInt,
  strictParseInt32,
  strictParseShort,
  strictParseByte,
  limitedParseDouble,
  handleFloat,
  limitedParseFloat,
  limitedParseFloat32,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/parse-utils';
export { NumericValue, nv } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/value/NumericValue';
export {
  fromHex,
  toHex,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-hex-encoding/hex-encoding';
export { toBase64, fromBase64 };
export { calculateBodyLength } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-body-length/calculateBodyLength';
export { toUint8Array } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-utf8/toUint8Array';
export { toUtf8, fromUtf8 };
export { concatBytes } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/concatBytes';
export {
  fromArrayBuffer,
  fromString,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-buffer-from/buffer-from';
export { isArrayBuffer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/is-array-buffer/is-array-buffer';
export { deserializerMiddleware } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/middleware-serde/deserializerMiddleware';
export {
  deserializerMiddlewareOption,
  serializerMiddlewareOption,
  getSerdePlugin,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/middleware-serde/serdePlugin';
export { serializerMiddleware } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/middleware-serde/serializerMiddleware';
export { Hash } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/hash-node/hash-node';
export class Uint8ArrayBlobAdapter extends bindUint8ArrayBlobAdapter(toUtf8, fromUtf8, toBase64, fromBase64) {}
export {
  isReadableStream,
  isBlob,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/stream-type-check';
export { streamCollector } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/stream-collector';
const _getRandomValues = getRandomValues;
export const v4 = bindV4(_getRandomValues);
export const generateIdempotencyToken = v4;
export { hasOwn } from '@smithy/core/transport';
export { writeKey } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/writeKey';
