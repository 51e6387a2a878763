import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CONTENT_SHA256_HEADER, STREAM_FORWARDED_HEADERS, VIEWER_ADDRESS_HEADER } from '@shared/streaming-headers';
import type { GatewayReply } from './handler-reply';

/**
 * What CloudFront's origin access control and the function URL (auth type AWS_IAM) in front of a
 * streaming route do to a request, for the twin to do the same:
 *
 * - CloudFront signs every request with SigV4 in `Authorization` (signing behaviour "always"),
 *   so whatever the viewer sent there never reaches the function;
 * - it signs the body with the hash the viewer put in `x-amz-content-sha256`: Lambda refuses an
 *   unsigned payload on POST and PUT (403 AccessDeniedException) and a hash that is not the body's
 *   (403 InvalidSignatureException: the signature it computes differs).
 */
const HASHED_METHODS = new Set(['POST', 'PUT']);

function lambdaForbidden(errorType: string, body: Record<string, string>): GatewayReply {
  return {
    statusCode: 403,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': errorType },
    cookies: [],
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** The 403 the function URL answers, or undefined when the request would be signed and accepted. */
export function refusedByOriginAccessControl(
  method: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): GatewayReply | undefined {
  if (!HASHED_METHODS.has(method.toUpperCase())) return undefined;
  const sent = headers[CONTENT_SHA256_HEADER];
  const hash = Array.isArray(sent) ? sent[0] : sent;
  if (!hash || hash === 'UNSIGNED-PAYLOAD') {
    return lambdaForbidden('AccessDeniedException', {
      Message:
        'Forbidden. For troubleshooting Function URL authorization issues, see: https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html',
    });
  }
  if (hash.toLowerCase() !== createHash('sha256').update(body).digest('hex')) {
    return lambdaForbidden('InvalidSignatureException', {
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    });
  }
  return undefined;
}

/**
 * The viewer's headers as the function receives them through CloudFront's `/api/chat` behaviour: only those its
 * origin request policy forwards (STREAM_FORWARDED_HEADERS; `Authorization` is CloudFront's signature, not theirs,
 * and is not passed on here), the host, and CloudFront-Viewer-Address, which CloudFront writes itself from the
 * connection whatever the viewer sent.
 */
export function headersPastOriginAccessControl(
  headers: IncomingHttpHeaders,
  viewer: { ip: string; port: number },
): IncomingHttpHeaders {
  const forwarded: Record<string, string | string[] | undefined> = { host: headers.host };
  for (const name of STREAM_FORWARDED_HEADERS) if (headers[name] !== undefined) forwarded[name] = headers[name];
  forwarded[VIEWER_ADDRESS_HEADER] = `${viewer.ip.replace(/^::ffff:/, '')}:${viewer.port}`;
  return forwarded as IncomingHttpHeaders;
}
