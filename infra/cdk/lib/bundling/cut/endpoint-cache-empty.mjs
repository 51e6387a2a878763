/**
 * Stands in for @aws-sdk/endpoint-cache (with mnemonist's LRU cache, ~7 KB), the cache of endpoints that DynamoDB's
 * endpoint discovery fills. Discovery runs only when AWS_ENABLE_ENDPOINT_DISCOVERY (or AWS_ENDPOINT_DISCOVERY_ENABLED,
 * or the shared config file's endpoint_discovery_enabled) turns it on, as no DynamoDB operation requires it
 * (@aws-sdk/middleware-endpoint-discovery); we never turn it on. Every client still builds a cache and every request
 * still looks its endpoint up there, so this one is the cache discovery never fills: always empty. Filling it
 * throws, as does building it in an environment that turns discovery on.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

const DISCOVERY_SWITCHES = ['AWS_ENABLE_ENDPOINT_DISCOVERY', 'AWS_ENDPOINT_DISCOVERY_ENABLED'];
const cut = cutFromLambda("DynamoDB's endpoint discovery cache", 'endpoint discovery is off in every function');

export class EndpointCache {
  constructor() {
    if (
      DISCOVERY_SWITCHES.some((name) => process.env[name] !== undefined && !['false', '0'].includes(process.env[name]))
    )
      cut();
  }
  getEndpoint() {
    return undefined;
  }
  get() {
    return undefined;
  }
  has() {
    return false;
  }
  set() {
    cut();
  }
  delete() {}
  clear() {}
}
