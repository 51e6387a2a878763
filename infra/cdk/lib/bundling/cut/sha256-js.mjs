/**
 * Stands in for @smithy/core's SHA-256 in JavaScript (checksum/sha256/Sha256Js.js), the fallback Sha256Node takes
 * only when node:crypto cannot make a sha256 hash. Lambda's Node.js runtimes always can (OpenSSL is built in), so the
 * SDK's signer and checksums use node:crypto and this class is never constructed.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

const cut = cutFromLambda("@smithy/core's Sha256Js", "Lambda's node:crypto provides sha256 (Sha256Node)");

export class Sha256Js {
  constructor() {
    cut();
  }
}
