'use strict';
/**
 * Stands in for the X-Ray SDK's Promise patcher (patchers/promise_p.js). It carries the segment across `then` for
 * code in automatic mode that does not use async_hooks; Powertools' tracer never calls `capturePromise` (cls-hooked
 * carries the context), nor do we.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the X-Ray SDK it stands in for
const { cutFromLambda } = require('./cut-from-lambda.cjs');

const why = "Powertools' tracer does not patch Promise";
module.exports.capturePromise = cutFromLambda("The X-Ray SDK's capturePromise", why);
module.exports.uncapturePromise = cutFromLambda("The X-Ray SDK's uncapturePromise", why);
