'use strict';
/**
 * Stands in for the X-Ray SDK's IncomingRequestData (middleware/incoming_request_data.js), which records an
 * http.IncomingMessage on the segment its Express/Restify middleware opens. On Lambda there is no such segment: the
 * function's segment is the facade the runtime's trace header describes (env/aws_lambda.js).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the X-Ray SDK it stands in for
const { cutFromLambda } = require('./cut-from-lambda.cjs');

module.exports = cutFromLambda(
  "The X-Ray SDK's IncomingRequestData",
  'it belongs to the Express/Restify middleware; a Lambda function has no incoming HTTP request of its own',
);
