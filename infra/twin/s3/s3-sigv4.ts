import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from './s3-errors';

/**
 * Signature Version 4 as S3 checks it, for both ways a request can carry it:
 * the `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`
 * header the SDK's client sends, and the `X-Amz-*` query parameters of a presigned URL.
 * S3 differs from other services in two ways that matter here: the path is signed as
 * sent (encoded once, never normalised), and the payload hash is whatever
 * `x-amz-content-sha256` (or `X-Amz-Content-Sha256` when presigned) declares, often
 * `UNSIGNED-PAYLOAD`, so the body is checked against it separately.
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** The aws-chunked body the SDK sends with a trailing checksum (flexible checksums on a stream). */
export const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';
/** How far a header-signed request's clock may be from ours, and how early a presigned URL may be used. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** S3 refuses presigned URLs valid for longer than 7 days. */
const MAX_PRESIGN_SECONDS = 604_800;

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** The path and query exactly as received (`req.url`). */
  rawUrl: string;
  headers: IncomingHttpHeaders;
}

/** What a verified request declared about its body. */
export interface VerifiedRequest {
  accessKeyId: string;
  presigned: boolean;
  /** The declared payload hash: a hex SHA-256, UNSIGNED-PAYLOAD or a STREAMING-* marker. */
  payloadHash: string;
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, upper-case hex. */
export function sigv4Encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** Splits the raw query into decoded pairs, keeping repeats and order. */
function queryPairs(rawQuery: string): [string, string][] {
  if (rawQuery === '') return [];
  return rawQuery.split('&').map((part) => {
    const equals = part.indexOf('=');
    const name = equals === -1 ? part : part.slice(0, equals);
    const value = equals === -1 ? '' : part.slice(equals + 1);
    try {
      return [decodeURIComponent(name), decodeURIComponent(value)];
    } catch {
      throw new S3Error(400, 'InvalidArgument', 'The query string is not valid percent-encoding.');
    }
  });
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([name, value]) => [sigv4Encode(name), sigv4Encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

/** `20261122T201500Z` → a Date; null when malformed. */
export function parseAmzDate(value: string | undefined): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? null : date;
}

function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface Authorization {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  /** The query pairs that take part in the canonical request. */
  signedQuery: [string, string][];
  presigned: boolean;
}

function parseCredential(
  credential: string | undefined,
  where: 'header' | 'query',
): Omit<Authorization, 'signedHeaders' | 'signature' | 'amzDate' | 'payloadHash' | 'signedQuery' | 'presigned'> {
  const parts = (credential ?? '').split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1] ?? '')) {
    throw where === 'header'
      ? new S3Error(
          400,
          'AuthorizationHeaderMalformed',
          'The authorization header is malformed; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
        )
      : new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
        );
  }
  const [accessKeyId, scopeDate, region, service] = parts as [string, string, string, string];
  return { accessKeyId, scopeDate, region, service };
}

function fromHeader(header: string, request: SignedRequest, pairs: [string, string][]): Authorization {
  if (!header.startsWith(`${SIGV4_ALGORITHM} `)) {
    throw new S3Error(400, 'InvalidArgument', 'Unsupported Authorization Type');
  }
  const fields = Object.fromEntries(
    header
      .slice(SIGV4_ALGORITHM.length + 1)
      .split(',')
      .map((field) => {
        const trimmed = field.trim();
        const equals = trimmed.indexOf('=');
        return [trimmed.slice(0, equals), trimmed.slice(equals + 1)];
      }),
  ) as Record<string, string | undefined>;
  if (!fields.Credential || !fields.SignedHeaders || !fields.Signature) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; it must contain Credential, SignedHeaders and Signature.',
    );
  }
  const amzDate = headerValue(request.headers, 'x-amz-date');
  if (!amzDate) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash) {
    throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  }
  return {
    ...parseCredential(fields.Credential, 'header'),
    signedHeaders: fields.SignedHeaders.split(';'),
    signature: fields.Signature,
    amzDate,
    payloadHash,
    signedQuery: pairs,
    presigned: false,
  };
}

function fromQuery(pairs: [string, string][], now: Date): Authorization {
  const query = new Map(pairs);
  if (query.get('X-Amz-Algorithm') !== SIGV4_ALGORITHM) {
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  }
  const required = ['X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
  const missing = required.filter((name) => !query.get(name));
  if (missing.length > 0) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      `Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.`,
    );
  }
  const expiresText = query.get('X-Amz-Expires')!;
  const expires = Number(expiresText);
  if (!/^\d+$/.test(expiresText) || expires < 1 || expires > MAX_PRESIGN_SECONDS) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      expires > MAX_PRESIGN_SECONDS
        ? 'X-Amz-Expires must be less than a week (in seconds) that is 604800'
        : 'X-Amz-Expires should be a number',
    );
  }
  const amzDate = query.get('X-Amz-Date')!;
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt) {
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
    );
  }
  const expiresAt = new Date(signedAt.getTime() + expires * 1000);
  if (now.getTime() > expiresAt.getTime()) {
    throw new S3Error(403, 'AccessDenied', 'Request has expired', {
      'X-Amz-Expires': expiresText,
      Expires: isoSeconds(expiresAt),
      ServerTime: isoSeconds(now),
    });
  }
  if (signedAt.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) {
    throw new S3Error(403, 'AccessDenied', 'Request is not yet valid', {
      'X-Amz-Date': amzDate,
      Expires: isoSeconds(expiresAt),
      ServerTime: isoSeconds(now),
    });
  }
  return {
    ...parseCredential(query.get('X-Amz-Credential'), 'query'),
    signedHeaders: query.get('X-Amz-SignedHeaders')!.split(';'),
    signature: query.get('X-Amz-Signature')!,
    amzDate,
    payloadHash: query.get('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD,
    signedQuery: pairs.filter(([name]) => name !== 'X-Amz-Signature'),
    presigned: true,
  };
}

/** True when the request carries no SigV4 (anonymous). */
export function isAnonymous(request: SignedRequest): boolean {
  const rawQuery = request.rawUrl.split('?')[1] ?? '';
  return request.headers.authorization === undefined && !/(^|&)X-Amz-Signature=/.test(rawQuery);
}

/**
 * Checks a request's SigV4 against the known credentials; throws the S3Error S3 would answer.
 * `now` is injectable so tests can move the clock instead of sleeping.
 */
export function verifySigV4(
  request: SignedRequest,
  options: { credentials: S3Credentials[]; region: string; now?: Date },
): VerifiedRequest {
  const now = options.now ?? new Date();
  const questionMark = request.rawUrl.indexOf('?');
  const rawPath = questionMark === -1 ? request.rawUrl : request.rawUrl.slice(0, questionMark);
  const pairs = queryPairs(questionMark === -1 ? '' : request.rawUrl.slice(questionMark + 1));
  const header = request.headers.authorization;
  const auth = header !== undefined ? fromHeader(header, request, pairs) : fromQuery(pairs, now);

  const credentials = options.credentials.find((candidate) => candidate.accessKeyId === auth.accessKeyId);
  if (!credentials) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: auth.accessKeyId,
    });
  }
  if (auth.service !== 's3') {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; incorrect service "${auth.service}". This endpoint belongs to "s3".`,
    );
  }
  if (auth.region !== options.region) {
    throw new S3Error(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${options.region}'`,
      {
        Region: options.region,
      },
    );
  }
  const signedAt = parseAmzDate(auth.amzDate);
  if (!signedAt || auth.amzDate.slice(0, 8) !== auth.scopeDate) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The date in the credential scope does not match X-Amz-Date.');
  }
  if (!auth.presigned && Math.abs(now.getTime() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) {
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      {
        RequestTime: auth.amzDate,
        ServerTime: isoSeconds(now),
        MaxAllowedSkewMilliseconds: String(MAX_CLOCK_SKEW_MS),
      },
    );
  }
  if (!auth.signedHeaders.includes('host')) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The host header must be signed.');
  }
  for (const name of auth.signedHeaders) {
    if (name !== name.toLowerCase() || request.headers[name] === undefined) {
      throw new S3Error(
        403,
        'SignatureDoesNotMatch',
        `The request signature we calculated does not match the signature you provided. Signed header ${name} is missing.`,
      );
    }
  }

  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery(auth.signedQuery),
    auth.signedHeaders.map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`).join(''),
    auth.signedHeaders.join(';'),
    auth.payloadHash,
  ].join('\n');
  const scope = `${auth.scopeDate}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = [SIGV4_ALGORITHM, auth.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const expected = createHmac(
    'sha256',
    signingKey(credentials.secretAccessKey, auth.scopeDate, auth.region, auth.service),
  )
    .update(stringToSign, 'utf8')
    .digest('hex');
  const given = Buffer.from(auth.signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) {
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: auth.accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: auth.signature,
        CanonicalRequest: canonicalRequest,
      },
    );
  }
  return { accessKeyId: auth.accessKeyId, presigned: auth.presigned, payloadHash: auth.payloadHash };
}
