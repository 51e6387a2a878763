'use strict';
/**
 * What every stand-in for code cut from Lambda bundles calls in place of that code: it throws, naming what was cut
 * and why, so a code path we judged unreachable on Lambda fails loudly the day it is reached.
 */
exports.cutFromLambda = (what, why) =>
  function cut() {
    throw new Error(
      `${what} is cut from Lambda bundles (LAMBDA_MODULE_REPLACEMENTS, infra/cdk/lib/lambda-bundling.ts): ${why}`,
    );
  };
