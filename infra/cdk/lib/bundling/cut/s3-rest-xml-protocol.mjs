/**
 * Stands in for @aws-sdk/middleware-sdk-s3's S3RestXmlProtocol.js: the package's code, but importing the REST-XML
 * protocol from its own file rather than from @aws-sdk/core's protocols index, which Lambda bundles carry without
 * it (see aws-core-protocols-without-rest.mjs). A test checks that nothing else differs.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
import { AwsRestXmlProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/xml/AwsRestXmlProtocol';
import { NormalizedSchema } from '@smithy/core/schema';
export class S3RestXmlProtocol extends AwsRestXmlProtocol {
  async serializeRequest(operationSchema, input, context) {
    const request = await super.serializeRequest(operationSchema, input, context);
    const ns = NormalizedSchema.of(operationSchema.input);
    const staticStructureSchema = ns.getSchema();
    let bucketMemberIndex = 0;
    const requiredMemberCount = staticStructureSchema[6] ?? 0;
    if (input && typeof input === 'object') {
      for (const [memberName, memberNs] of ns.structIterator()) {
        if (++bucketMemberIndex > requiredMemberCount) {
          break;
        }
        if (memberName === 'Bucket') {
          if (!input.Bucket && memberNs.getMergedTraits().httpLabel) {
            throw new Error(`No value provided for input HTTP label: Bucket.`);
          }
          break;
        }
      }
    }
    return request;
  }
}
