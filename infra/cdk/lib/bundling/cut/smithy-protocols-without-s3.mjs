/**
 * Stands in for @smithy/core's protocols index (dist-es/submodules/protocols/index.js) without its re-exports of
 * the HTTP binding protocol (REST-XML's and REST-JSON's base: S3's here) and its string serdes for headers, query
 * and path: every client imports this index, and esbuild puts every module an index re-exports, if any chunk uses
 * it, in the chunk init loads, so a function that loads S3 on first use compiled them at init. The packages that use
 * them (listed in lambda-bundling.ts) get the whole index (smithy-protocols-with-s3.mjs); any other importer needing
 * one of them fails the build. The lines below are the package's, paths made relative to this folder; a test checks
 * they still are.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export { collectBody } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/collect-stream-body';
export { HttpProtocol } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/HttpProtocol';
export { RpcProtocol } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/RpcProtocol';
export { AbstractRpcV2Protocol } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/AbstractRpcV2Protocol';
export {
  RequestBuilder,
  requestBuilder,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/requestBuilder';
export { determineTimestampFormat } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/serde/determineTimestampFormat';
export { SerdeContext } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/SerdeContext';
export { Field } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/Field';
export { Fields } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/Fields';
export { HttpRequest } from '@smithy/core/transport';
export { HttpResponse } from '@smithy/core/transport';
export { isValidHostname } from '@smithy/core/transport';
export {
  getHttpHandlerExtensionConfiguration,
  resolveHttpHandlerRuntimeConfig,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/protocol-http/extensions/httpExtensionConfiguration';
export {
  contentLengthMiddleware,
  contentLengthMiddlewareOptions,
  getContentLengthPlugin,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/middleware-content-length/contentLengthMiddleware';
export { escapeUri } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/util-uri-escape/escape-uri';
export { escapeUriPath } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/util-uri-escape/escape-uri-path';
export { buildQueryString } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/querystring-builder/buildQueryString';
export { parseQueryString } from '@smithy/core/transport';
export { parseUrl } from '@smithy/core/transport';
export { SmithyRpcV2JsonProtocol } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/SmithyRpcV2JsonProtocol';
export {
  parseJsonBody,
  parseJsonErrorBody,
  loadJsonRpcErrorCode,
  loadRestJsonErrorCode,
  loadSmithyRpcV2JsonErrorCode,
} from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/parseJsonBody';
export { JsonCodec } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonCodec';
export { JsonShapeSerializer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonShapeSerializer';
export { JsonShapeDeserializer } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v1/JsonShapeDeserializer';
export { JsonCodec2 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonCodec2';
export { JsonShapeSerializer2 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonShapeSerializer2';
export { JsonShapeDeserializer2 } from '../../../../../node_modules/@smithy/core/dist-es/submodules/protocols/json/codec-v2/JsonShapeDeserializer2';
