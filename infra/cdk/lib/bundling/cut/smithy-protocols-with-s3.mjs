/**
 * @smithy/core's protocols index as S3's packages import it (bundling/module-replacements.ts `forImporters`): what
 * every client shares, from smithy-protocols-without-s3.mjs, and the HTTP binding protocol with its string serdes,
 * re-exported here, so they load with S3's chunk on first use. The package's lines; a test checks them.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export * from './smithy-protocols-without-s3.mjs';
export { extendedEncodeURIComponent } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/extended-encode-uri-component';
export { HttpBindingProtocol } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/HttpBindingProtocol';
export { resolvedPath } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/resolve-path';
export { FromStringShapeDeserializer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/serde/FromStringShapeDeserializer';
export { HttpInterceptingShapeDeserializer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/serde/HttpInterceptingShapeDeserializer';
export { HttpInterceptingShapeSerializer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/serde/HttpInterceptingShapeSerializer';
export { ToStringShapeSerializer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/serde/ToStringShapeSerializer';
