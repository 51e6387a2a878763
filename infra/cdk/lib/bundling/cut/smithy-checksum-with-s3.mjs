/**
 * @smithy/core's checksum index as S3's packages import it (bundling/module-replacements.ts `forImporters`): what
 * every client shares, from smithy-checksum-without-s3.mjs, and MD5 with the stream hashers, re-exported here, so
 * they load with S3's chunk on first use. The package's lines; a test checks them.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export * from './smithy-checksum-without-s3.mjs';
export { fileStreamHasher } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/fileStreamHasher';
export { readableStreamHasher } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/readableStreamHasher';
export { Md5Js } from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/md5/Md5Js';
export {
  Md5Node,
  Md5Node as Md5,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/checksum/md5/Md5Node';
