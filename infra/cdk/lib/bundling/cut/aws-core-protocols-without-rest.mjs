/**
 * Stands in for @aws-sdk/core's protocols index (dist-es/submodules/protocols/index.js) without its re-exports of
 * the REST-XML protocol, which only S3 speaks, and of the REST-JSON one, which only SESv2 of our clients speaks: every
 * other client (DynamoDB, Secrets Manager, SQS, KMS, ...) imports its JSON protocol from this index, and esbuild puts
 * every module such an index re-exports, if any chunk uses it, in the chunk init loads. So a function that loads S3
 * on first use still compiled S3's XML serializer, parser and xml-builder (~15 KB) at init, and one that loads SESv2
 * on first use the HTTP binding protocol under REST-JSON with S3's streams beside it (~18 KB). S3's protocol takes
 * the REST-XML one from its own file instead (s3-rest-xml-protocol.mjs); the REST-JSON clients get this index with
 * REST-JSON (aws-core-protocols-with-rest-json.mjs). The lines below are the package's, paths made relative to this
 * folder; a test checks they still are.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export { AwsSmithyRpcV2CborProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/cbor/AwsSmithyRpcV2CborProtocol';
export { AwsJson1_0Protocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/AwsJson1_0Protocol';
export { AwsJson1_1Protocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/AwsJson1_1Protocol';
export { AwsJsonRpcProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/AwsJsonRpcProtocol';
export { AwsSmithyRpcV2JsonProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/AwsSmithyRpcV2JsonProtocol';
export {
  JsonCodec,
  JsonCodec2,
  JsonShapeDeserializer,
  JsonShapeDeserializer2,
  JsonShapeSerializer,
  JsonShapeSerializer2,
  loadJsonRpcErrorCode,
  loadRestJsonErrorCode,
  parseJsonBody,
  parseJsonErrorBody,
} from '@smithy/core/protocols';
export { AwsEc2QueryProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/query/AwsEc2QueryProtocol';
export { AwsQueryProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/query/AwsQueryProtocol';
export { QueryShapeSerializer } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/query/QueryShapeSerializer';
export { awsExpectUnion } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/awsExpectUnion';
export {
  _toStr,
  _toBool,
  _toNum,
} from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/coercing-serializers';
