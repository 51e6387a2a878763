/**
 * @aws-sdk/core's protocols index as the REST-JSON clients (SESv2) import it (bundling/module-replacements.ts
 * `forImporters`): what every client shares, from aws-core-protocols-without-rest.mjs, and the REST-JSON protocol,
 * re-exported here, so it loads with their chunk on first use. The package's line; a test checks it.
 */
/* eslint-disable no-restricted-imports -- the package's own files, which its "exports" map keeps from bare specifiers */
export * from './aws-core-protocols-without-rest.mjs';
export { AwsRestJsonProtocol } from '../../../../../node_modules/@aws-sdk/core/dist-es/submodules/protocols/json/AwsRestJsonProtocol';
