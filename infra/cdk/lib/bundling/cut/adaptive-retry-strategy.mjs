/**
 * Stands in for @smithy/core's adaptive retry strategy (retry/util-retry/AdaptiveRetryStrategy.js, with its client
 * rate limiter, ~3 KB). A client uses it only when its retry mode is "adaptive" (the retryMode option,
 * AWS_RETRY_MODE, or retry_mode in a shared config file); ours never set one, so every client takes the default,
 * standard retries. A client told to retry adaptively fails its first call instead.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

const cut = cutFromLambda('The AWS SDK adaptive retry mode', 'our clients retry in the standard mode');

export class AdaptiveRetryStrategy {
  constructor() {
    cut();
  }
}
