import { crc32 } from 'node:zlib';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { BucketCors } from '@shared/buckets';
import { newRequestId, S3Error, sendS3Error } from './s3-errors';
import { refusedObjectAccess } from './s3-iam';
import type { S3ObjectStore } from './s3-object-store';
import {
  isAnonymous,
  STREAMING_UNSIGNED_TRAILER,
  UNSIGNED_PAYLOAD,
  verifySigV4,
  type S3Credentials,
  type VerifiedRequest,
} from './s3-sigv4';

/** S3's limit for one PUT (larger objects need multipart uploads, which the stand-in does not speak). */
export const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;
const KEY_MAX_BYTES = 1024;

export interface S3Options {
  store: S3ObjectStore;
  region: string;
  credentials: S3Credentials[];
  /** Physical bucket name → its CORS rule (the same declaration CDK gives the real bucket). */
  buckets: Map<string, { cors?: BucketCors; allowedOrigins: string[] }>;
  /** Injectable clock for expiry tests. */
  now?: () => Date;
}

/** Path-style addressing: `/<bucket>/<key…>`, the key kept exactly as its segments decode. */
function address(rawPath: string): { bucket: string; key: string } {
  const [, bucket = '', ...rest] = rawPath.split('/');
  try {
    return { bucket: decodeURIComponent(bucket), key: decodeURIComponent(rest.join('/')) };
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

function corsHeaders(
  req: IncomingMessage,
  bucket: S3Options['buckets'] extends Map<string, infer B> ? B : never,
): Record<string, string> | null {
  const origin = req.headers.origin;
  if (!origin || !bucket.cors) return null;
  const method = req.method === 'OPTIONS' ? req.headers['access-control-request-method'] : req.method;
  if (!bucket.allowedOrigins.includes(origin) || !method || !bucket.cors.allowedMethods.includes(method as never)) {
    return null;
  }
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': bucket.cors.allowedMethods.join(', '),
    'access-control-expose-headers': bucket.cors.exposedHeaders.join(', '),
    'access-control-max-age': String(bucket.cors.maxAgeSeconds),
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}

/** Decodes an aws-chunked body (`<hex size>\r\n<bytes>\r\n … 0\r\n<trailers>\r\n\r\n`) into its bytes. */
function awsChunkedDecoder(): Transform {
  let buffer = Buffer.alloc(0);
  let remaining = -1; // bytes left in the current chunk; -1 = reading a size line
  let finished = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      buffer = Buffer.concat([buffer, chunk]);
      try {
        while (!finished) {
          if (remaining === -1) {
            const lineEnd = buffer.indexOf('\r\n');
            if (lineEnd === -1) break;
            const size = parseInt(buffer.subarray(0, lineEnd).toString('latin1').split(';')[0]!, 16);
            if (!Number.isFinite(size)) throw new S3Error(400, 'IncompleteBody', 'The aws-chunked body is malformed.');
            buffer = buffer.subarray(lineEnd + 2);
            if (size === 0) finished = true;
            else remaining = size;
          } else {
            if (buffer.length < remaining + 2) {
              if (buffer.length > 0 && buffer.length <= remaining) {
                this.push(buffer);
                remaining -= buffer.length;
                buffer = Buffer.alloc(0);
              }
              break;
            }
            this.push(buffer.subarray(0, remaining));
            buffer = buffer.subarray(remaining + 2);
            remaining = -1;
          }
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** Checks the body against what the request declared; the object is only stored when all agree. */
function checkBody(
  req: IncomingMessage,
  verified: VerifiedRequest,
  received: { size: number; md5: Buffer; sha256: string; crc32: number },
  declaredLength: number,
  query: URLSearchParams,
): void {
  if (!verified.payloadHash.startsWith('STREAMING-') && received.size !== declaredLength) {
    throw new S3Error(
      400,
      'IncompleteBody',
      'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    );
  }
  if (verified.payloadHash !== UNSIGNED_PAYLOAD && !verified.payloadHash.startsWith('STREAMING-')) {
    if (verified.payloadHash !== received.sha256) {
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        {
          ClientComputedContentSHA256: verified.payloadHash,
          S3ComputedContentSHA256: received.sha256,
        },
      );
    }
  }
  const contentMd5 = req.headers['content-md5'];
  if (typeof contentMd5 === 'string' && contentMd5 !== received.md5.toString('base64')) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  // A presigned URL may carry the checksum as a query parameter; S3 checks it the same way.
  const declaredCrc = req.headers['x-amz-checksum-crc32'] ?? query.get('x-amz-checksum-crc32') ?? undefined;
  if (typeof declaredCrc === 'string') {
    const computed = Buffer.alloc(4);
    computed.writeUInt32BE(received.crc32 >>> 0);
    if (declaredCrc !== computed.toString('base64')) {
      throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
    }
  }
}

async function putObject(
  req: IncomingMessage,
  res: ServerResponse,
  options: S3Options,
  target: { bucket: string; key: string },
  verified: VerifiedRequest,
  headers: Record<string, string>,
  query: URLSearchParams,
): Promise<void> {
  const lengthHeader = req.headers['x-amz-decoded-content-length'] ?? req.headers['content-length'];
  if (lengthHeader === undefined)
    throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  const declaredLength = Number(lengthHeader);
  if (!Number.isInteger(declaredLength) || declaredLength < 0) {
    throw new S3Error(400, 'InvalidArgument', 'Content-Length is not a valid number.');
  }
  if (declaredLength > MAX_SINGLE_PUT_BYTES) {
    throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
      ProposedSize: String(declaredLength),
      MaxSizeAllowed: String(MAX_SINGLE_PUT_BYTES),
    });
  }
  if (verified.payloadHash.startsWith('STREAMING-') && verified.payloadHash !== STREAMING_UNSIGNED_TRAILER) {
    throw new S3Error(501, 'NotImplemented', `The local S3 does not verify ${verified.payloadHash} chunk signatures.`);
  }
  let crc = 0;
  const body: Readable = verified.payloadHash === STREAMING_UNSIGNED_TRAILER ? req.pipe(awsChunkedDecoder()) : req;
  body.on('data', (chunk: Buffer) => {
    crc = crc32(chunk, crc);
  });
  const received = await options.store.receive(target.bucket, body);
  try {
    checkBody(req, verified, { ...received, crc32: crc }, declaredLength, query);
  } catch (error) {
    await options.store.discard(received);
    throw error;
  }
  const userMetadata = Object.fromEntries(
    Object.entries(req.headers)
      .filter(([name, value]) => name.startsWith('x-amz-meta-') && typeof value === 'string')
      .map(([name, value]) => [name.slice('x-amz-meta-'.length), value as string]),
  );
  const stored = await options.store.commit(target.bucket, target.key, received, {
    contentType: req.headers['content-type'] ?? 'binary/octet-stream',
    userMetadata,
  });
  res.writeHead(200, { ...headers, etag: stored.etag, 'content-length': 0 });
  res.end();
}

/** The `response-*` overrides a signed GET may ask for (e.g. a download's file name). */
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-disposition': 'content-disposition',
  'response-cache-control': 'cache-control',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-content-encoding': 'content-encoding',
};

async function getObject(
  req: IncomingMessage,
  res: ServerResponse,
  options: S3Options,
  target: { bucket: string; key: string },
  headers: Record<string, string>,
  query: URLSearchParams,
  attempt = 1,
): Promise<void> {
  const head = req.method === 'HEAD';
  const meta = await options.store.head(target.bucket, target.key);
  if (!meta) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: target.key });
  const ifNoneMatch = req.headers['if-none-match'];
  if (
    ifNoneMatch &&
    (ifNoneMatch === '*' ||
      ifNoneMatch
        .split(',')
        .map((s) => s.trim())
        .includes(meta.etag))
  ) {
    res.writeHead(304, { ...headers, etag: meta.etag });
    res.end();
    return;
  }
  const ifMatch = req.headers['if-match'];
  if (
    ifMatch &&
    ifMatch !== '*' &&
    !ifMatch
      .split(',')
      .map((s) => s.trim())
      .includes(meta.etag)
  ) {
    throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'If-Match',
    });
  }
  const objectHeaders: Record<string, string | number> = {
    ...headers,
    etag: meta.etag,
    'content-type': meta.contentType,
    'last-modified': new Date(meta.lastModified).toUTCString(),
    'accept-ranges': 'bytes',
    ...Object.fromEntries(Object.entries(meta.userMetadata).map(([name, value]) => [`x-amz-meta-${name}`, value])),
  };
  for (const [parameter, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = query.get(parameter);
    if (value !== null) objectHeaders[header] = value;
  }
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && meta.size > 0 && (range[1] !== '' || range[2] !== '')) {
    const start = range[1] === '' ? Math.max(0, meta.size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? meta.size - 1 : Math.min(Number(range[2]), meta.size - 1);
    if (start > end || start >= meta.size) {
      throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
        RangeRequested: req.headers.range!,
        ActualObjectSize: String(meta.size),
      });
    }
    const body = head ? null : await options.store.openRead(target.bucket, meta, { start, end });
    // Replaced or deleted since its meta was read: answer as of now, as S3's atomic replace would.
    if (!head && !body) {
      if (attempt < 3) return getObject(req, res, options, target, headers, query, attempt + 1);
      throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: target.key });
    }
    res.writeHead(206, {
      ...objectHeaders,
      'content-range': `bytes ${start}-${end}/${meta.size}`,
      'content-length': end - start + 1,
    });
    if (head || !body) return void res.end();
    body.pipe(res);
    return;
  }
  const body = head ? null : await options.store.openRead(target.bucket, meta);
  // Replaced or deleted since its meta was read: answer as of now, as S3's atomic replace would.
  if (!head && !body) {
    if (attempt < 3) return getObject(req, res, options, target, headers, query, attempt + 1);
    throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: target.key });
  }
  res.writeHead(200, { ...objectHeaders, 'content-length': meta.size });
  if (head || !body) return void res.end();
  body.pipe(res);
}

async function serve(req: IncomingMessage, res: ServerResponse, options: S3Options, requestId: string): Promise<void> {
  const rawUrl = req.url ?? '/';
  const rawPath = rawUrl.split('?')[0]!;
  const query = new URLSearchParams(rawUrl.split('?')[1] ?? '');
  const target = address(rawPath);
  const baseHeaders: Record<string, string> = {
    'x-amz-request-id': requestId,
    'x-amz-id-2': Buffer.from(requestId).toString('base64'),
    server: 'AmazonS3',
  };
  if (!target.bucket) {
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  }
  const bucket = options.buckets.get(target.bucket);
  if (!bucket)
    throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: target.bucket });
  const cors = corsHeaders(req, bucket);
  if (req.method === 'OPTIONS') {
    if (!cors) {
      throw new S3Error(
        403,
        'AccessForbidden',
        "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
        {
          Method: String(req.headers['access-control-request-method'] ?? ''),
          ResourceType: 'OBJECT',
        },
      );
    }
    const requested = req.headers['access-control-request-headers'];
    res.writeHead(200, {
      ...baseHeaders,
      ...cors,
      ...(requested ? { 'access-control-allow-headers': requested } : {}),
      'content-length': 0,
    });
    res.end();
    return;
  }
  const headers = { ...baseHeaders, ...(cors ?? {}) };
  if (!target.key) {
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
      Method: req.method ?? '',
      ResourceType: 'BUCKET',
    });
  }
  if (Buffer.byteLength(target.key) > KEY_MAX_BYTES) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
  // The bucket is private (public access blocked): anonymous requests never reach an object.
  if (isAnonymous({ method: req.method ?? 'GET', rawUrl, headers: req.headers })) {
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  }
  const verified = verifySigV4(
    { method: req.method ?? 'GET', rawUrl, headers: req.headers },
    { credentials: options.credentials, region: options.region, now: options.now?.() },
  );
  const refused = refusedObjectAccess(verified.accessKeyId, req.method ?? 'GET', target.bucket, target.key);
  if (refused) {
    console.error(
      `[twin iam] ${refused.fn} is not authorized to perform: ${refused.action} on resource: arn:aws:s3:::${target.bucket}/${target.key} (the twin checks the grants of shared/functions.ts, as IAM would)`,
    );
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  }
  switch (req.method) {
    case 'PUT':
      if (req.headers['x-amz-copy-source']) {
        throw new S3Error(501, 'NotImplemented', 'The local S3 does not implement CopyObject.');
      }
      return putObject(req, res, options, target, verified, headers, query);
    case 'GET':
    case 'HEAD':
      return getObject(req, res, options, target, headers, query);
    case 'DELETE':
      await options.store.delete(target.bucket, target.key);
      res.writeHead(204, headers);
      res.end();
      return;
    default:
      throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
        Method: req.method ?? '',
        ResourceType: 'OBJECT',
      });
  }
}

/**
 * The local S3: PutObject, GetObject (ranges, `response-*` overrides, conditional reads),
 * HeadObject and DeleteObject over S3's REST protocol with path-style addressing, every
 * request SigV4-verified (header or presigned query) with the twin's credentials, errors
 * in S3's XML shapes, and each bucket's CORS rule answered for browser uploads.
 */
export function s3Handler(options: S3Options): RequestListener {
  return (req, res) => {
    const requestId = newRequestId();
    serve(req, res, options, requestId).catch((error: unknown) => {
      const s3Error =
        error instanceof S3Error
          ? error
          : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (!(error instanceof S3Error)) console.error('[s3] request failed:', error);
      if (res.headersSent) return void res.destroy();
      const rawPath = (req.url ?? '/').split('?')[0]!;
      sendS3Error(res, s3Error, { requestId, head: req.method === 'HEAD', resource: rawPath });
      // A refused upload's remaining body is not read; close rather than wait for it.
      if (req.method === 'PUT' && !req.complete) res.on('finish', () => req.destroy());
    });
  };
}
