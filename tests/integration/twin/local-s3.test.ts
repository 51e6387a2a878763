import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { localBucketName } from '@shared/buckets';
import { LOCAL_CREDENTIALS, LOCAL_NAME_PREFIX } from '@infra/twin/function-environment';
import { twin } from '@tests/integration/twin-client';

const BUCKET = localBucketName(LOCAL_NAME_PREFIX, 'assets');

function client(credentials: { accessKeyId: string; secretAccessKey: string } = LOCAL_CREDENTIALS): S3Client {
  const endpoints = twin();
  if (!endpoints.s3) throw new Error('the twin runs no S3');
  return new S3Client({
    endpoint: endpoints.s3,
    region: endpoints.cognito.region,
    forcePathStyle: true,
    credentials,
    // As the app's client (lambdas/lib/aws/s3.ts): a presigned PUT carries no checksum of an empty body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

const s3 = client();
afterAll(() => s3.destroy());

function key(label: string): string {
  return `users/test-${randomUUID().slice(0, 8)}/${label}`;
}

async function errorOf(promise: Promise<unknown>): Promise<S3ServiceException> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof S3ServiceException) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A raw HTTP request, for what the SDK would never send (tampered URLs, oversize claims). */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('the local S3 (SDK, header-signed)', () => {
  it('round-trips an object with its ETag, type, length and metadata, then deletes it', async () => {
    const objectKey = key('photo with spaces+plus.png');
    const body = Buffer.from('\x89PNG\r\n\x1a\n not really a png, but bytes', 'latin1');
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: objectKey,
        Body: body,
        ContentType: 'image/png',
        Metadata: { owner: 'me' },
      }),
    );
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);

    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    expect(head).toMatchObject({ ContentLength: body.length, ContentType: 'image/png', ETag: put.ETag });
    expect(head.Metadata).toEqual({ owner: 'me' });

    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(body);
    expect(got.ETag).toBe(put.ETag);

    const ranged = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey, Range: 'bytes=1-3' }));
    expect(await ranged.Body!.transformToString()).toBe('PNG');
    expect(ranged.ContentRange).toBe(`bytes 1-3/${body.length}`);

    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    expect(await errorOf(s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey })))).toBeInstanceOf(NoSuchKey);
    expect(await errorOf(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey })))).toBeInstanceOf(NotFound);
  });

  it('takes a streamed body (aws-chunked with a trailing CRC32, as the SDK sends a stream)', async () => {
    const objectKey = key('streamed.bin');
    const parts = [Buffer.alloc(70_000, 1), Buffer.alloc(12_345, 2)];
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: objectKey,
        Body: Readable.from(parts),
        ContentLength: 82_345,
      }),
    );
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(Buffer.concat(parts));
  });

  it('overwrites an object whole and answers NoSuchBucket for an unknown bucket', async () => {
    const objectKey = key('twice.txt');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: 'first version' }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: 'second' }));
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    expect(await got.Body!.transformToString()).toBe('second');

    const missing = await errorOf(s3.send(new GetObjectCommand({ Bucket: 'no-such-bucket-here', Key: 'x' })));
    expect(missing.name).toBe('NoSuchBucket');
  });

  it('refuses a wrong secret (SignatureDoesNotMatch) and an unknown key id (InvalidAccessKeyId)', async () => {
    const wrongSecret = client({ accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret' });
    const unknownId = client({ accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'whatever' });
    try {
      const signature = await errorOf(
        wrongSecret.send(new PutObjectCommand({ Bucket: BUCKET, Key: key('x'), Body: 'x' })),
      );
      expect(signature.name).toBe('SignatureDoesNotMatch');
      expect(signature.$metadata.httpStatusCode).toBe(403);
      const id = await errorOf(unknownId.send(new GetObjectCommand({ Bucket: BUCKET, Key: key('x') })));
      expect(id.name).toBe('InvalidAccessKeyId');
    } finally {
      wrongSecret.destroy();
      unknownId.destroy();
    }
  });

  it('answers anonymous requests AccessDenied (the bucket is private)', async () => {
    const objectKey = key('private.txt');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: 'secret' }));
    const reply = await raw(`${twin().s3}/${BUCKET}/${objectKey}`);
    expect(reply.status).toBe(403);
    expect(reply.body).toContain('<Code>AccessDenied</Code>');
  });
});

describe('the local S3 (presigned URLs)', () => {
  it('takes a presigned PUT with its signed content type and length, then serves a presigned GET', async () => {
    const objectKey = key('upload.webp');
    const body = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ');
    const putUrl = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, ContentType: 'image/webp', ContentLength: body.length }),
      { expiresIn: 300, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    expect(putUrl).toContain('X-Amz-Expires=300');
    expect(putUrl).toMatch(/X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost/);

    const put = await fetch(putUrl, { method: 'PUT', body, headers: { 'content-type': 'image/webp' } });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);

    const getUrl = await getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: objectKey,
        ResponseContentDisposition: 'attachment; filename="ad.webp"',
      }),
      { expiresIn: 60 },
    );
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="ad.webp"');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(body);
  });

  it("holds a presigned PUT to the checksum signed into it, as S3 does (the SDK default signs an empty body's)", async () => {
    const endpoints = twin();
    const defaults = new S3Client({
      endpoint: endpoints.s3,
      region: endpoints.cognito.region,
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
    });
    try {
      const url = await getSignedUrl(defaults, new PutObjectCommand({ Bucket: BUCKET, Key: key('crc.png') }), {
        expiresIn: 60,
      });
      expect(url).toContain('x-amz-checksum-crc32=');
      const put = await fetch(url, { method: 'PUT', body: Buffer.from('not empty') });
      expect(put.status).toBe(400);
      expect(await put.text()).toContain('<Code>BadDigest</Code>');
    } finally {
      defaults.destroy();
    }
  });

  it('refuses a presigned PUT whose body is longer or typed differently than signed', async () => {
    const objectKey = key('small.png');
    const putUrl = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, ContentType: 'image/png', ContentLength: 10 }),
      { expiresIn: 300, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    const bigger = await fetch(putUrl, {
      method: 'PUT',
      body: Buffer.alloc(5000),
      headers: { 'content-type': 'image/png' },
    });
    expect(bigger.status).toBe(403);
    expect(await bigger.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const retyped = await fetch(putUrl, {
      method: 'PUT',
      body: Buffer.alloc(10),
      headers: { 'content-type': 'text/html' },
    });
    expect(retyped.status).toBe(403);
    expect(await errorOf(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey })))).toBeInstanceOf(NotFound);
  });

  it('refuses a tampered presigned URL: another key, another expiry, another signature', async () => {
    const objectKey = key('tamper.txt');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: 'mine' }));
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }), { expiresIn: 60 });

    const otherKey = url.replace('tamper.txt', 'other.txt');
    const longer = url.replace('X-Amz-Expires=60', 'X-Amz-Expires=6000');
    const signature = /X-Amz-Signature=([0-9a-f]+)/.exec(url)![1]!;
    const forged = url.replace(
      signature,
      signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    for (const tampered of [otherKey, longer, forged]) {
      const reply = await raw(tampered);
      expect(reply.status).toBe(403);
      expect(reply.body).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    expect((await raw(url)).body).toBe('mine');
  });

  it('refuses an expired presigned URL with S3\'s "Request has expired" body', async () => {
    const objectKey = key('expired.txt');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: 'old' }));
    // Signed ten minutes ago for five minutes: the clock moves instead of the test sleeping.
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: objectKey }), {
      expiresIn: 300,
      signingDate: new Date(Date.now() - 10 * 60 * 1000),
    });
    const reply = await raw(url);
    expect(reply.status).toBe(403);
    expect(reply.body).toContain('<Code>AccessDenied</Code>');
    expect(reply.body).toContain('<Message>Request has expired</Message>');
    expect(reply.body).toContain('<X-Amz-Expires>300</X-Amz-Expires>');
    expect(reply.body).toMatch(/<ServerTime>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/ServerTime>/);
  });

  it("refuses an upload over S3's single-PUT limit before reading it (EntityTooLarge)", async () => {
    const objectKey = key('huge.bin');
    const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: objectKey }), { expiresIn: 60 });
    const reply = await raw(url, { method: 'PUT', headers: { 'content-length': String(6 * 1024 ** 3) } });
    expect(reply.status).toBe(400);
    expect(reply.body).toContain('<Code>EntityTooLarge</Code>');
    expect(reply.body).toContain('<MaxSizeAllowed>5368709120</MaxSizeAllowed>');
  });

  it('answers the CORS preflight of a browser upload from the site, and refuses other origins', async () => {
    const objectUrl = `${twin().s3}/${BUCKET}/${key('cors.png')}`;
    const site = 'http://localhost:5173';
    const allowed = await fetch(objectUrl, {
      method: 'OPTIONS',
      headers: {
        origin: site,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    // The integration twin runs without the web app; its site URL is where the web would listen.
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(site);
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
    const refused = await fetch(objectUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(refused.status).toBe(403);
  });
});
