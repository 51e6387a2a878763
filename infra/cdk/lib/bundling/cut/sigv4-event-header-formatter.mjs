/**
 * Stands in for @smithy/signature-v4's HeaderFormatter, which encodes the headers of an event stream message for
 * SignatureV4.signMessage. Only event stream operations (streaming transcription, Bedrock's streaming responses,
 * S3 Select) sign messages; no client of ours calls one. Every signer still builds a formatter, so building it
 * works; formatting throws.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

const cut = cutFromLambda('The SigV4 event stream header formatter', 'no function calls an event stream operation');

export class HeaderFormatter {
  format() {
    cut();
  }
}
