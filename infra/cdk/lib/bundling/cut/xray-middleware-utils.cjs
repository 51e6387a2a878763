'use strict';
/**
 * Stands in for the X-Ray SDK's middleware utils (middleware/mw_utils.js) and with them its samplers (the local
 * rules, and the centralized ones' rule and target pollers and the daemon's sampling API client, ~13 KB). They serve
 * its Express/Restify middleware, which opens a segment per incoming request and decides whether to sample it. On
 * Lambda the runtime decides: the function's segment is a facade built from the trace header Lambda passes
 * (_X_AMZN_TRACE_ID, Sampled=0/1), and env/aws_lambda.js's init switches centralized sampling off ("The sampling
 * decisions would be uselessly applied to the facade segment", aws/aws-xray-sdk-node#217). That switch is all Lambda
 * calls here; nothing consults a sampler after it, so it does nothing. Everything else throws.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the X-Ray SDK it stands in for
const { cutFromLambda } = require('./cut-from-lambda.cjs');

const why =
  'it serves the Express/Restify middleware; on Lambda the runtime samples and the SDK keeps a facade segment';
const cut = (name) => cutFromLambda(`The X-Ray SDK's middleware.${name}`, why);

module.exports = {
  disableCentralizedSampling() {},
  enableDynamicNaming: cut('enableDynamicNaming'),
  processHeaders: cut('processHeaders'),
  resolveName: cut('resolveName'),
  resolveSampling: cut('resolveSampling'),
  setDefaultName: cut('setDefaultName'),
  setSamplingRules: cut('setSamplingRules'),
  middlewareLog: cut('middlewareLog'),
  traceRequestResponseCycle: cut('traceRequestResponseCycle'),
};
