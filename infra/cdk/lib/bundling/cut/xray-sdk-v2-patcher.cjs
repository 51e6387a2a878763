'use strict';
/**
 * Stands in for the X-Ray SDK's AWS SDK v2 patcher (patchers/aws_p.js). We bundle the AWS SDK v3, whose clients
 * Powertools' `captureAWSv3Client` hands to patchers/aws3_p.js; v2's `captureAWS` / `captureAWSClient` are
 * deprecated in Powertools and never called.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the X-Ray SDK it stands in for
const { cutFromLambda } = require('./cut-from-lambda.cjs');

const why = 'our functions use the AWS SDK v3, traced with captureAWSv3Client';
module.exports.captureAWS = cutFromLambda("The X-Ray SDK's AWS SDK v2 patcher (captureAWS)", why);
module.exports.captureAWSClient = cutFromLambda("The X-Ray SDK's AWS SDK v2 patcher (captureAWSClient)", why);
