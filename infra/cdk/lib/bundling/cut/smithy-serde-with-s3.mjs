/**
 * @smithy/core's serde index as S3's packages import it (bundling/module-replacements.ts `forImporters`): what every
 * client shares, from smithy-serde-without-s3.mjs (so one module defines Uint8ArrayBlobAdapter and v4), and what
 * only S3 uses, re-exported here, so it loads with S3's chunk on first use. The package's lines; a test checks them.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export * from './smithy-serde-without-s3.mjs';
export { quoteHeader } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/quote-header';
export {
  _parseEpochTimestamp,
  _parseRfc3339DateTimeWithOffset,
  _parseRfc7231DateTime,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/schema-serde-lib/schema-date-utils';
export { splitEvery } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/split-every';
export { splitHeader } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/split-header';
export { ChecksumStream } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/checksum/ChecksumStream';
export { createChecksumStream } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/checksum/createChecksumStream';
export { createBufferedReadable } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/createBufferedReadable';
export { getAwsChunkedEncodingStream } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/getAwsChunkedEncodingStream';
export { headStream } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/headStream';
export { sdkStreamMixin } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/sdk-stream-mixin';
export { splitStream } from '../../../../../node_modules/@smithy/core/dist-es/submodules/serde/util-stream/splitStream';
