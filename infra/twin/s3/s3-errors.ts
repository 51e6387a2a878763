import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** An S3 error as S3 answers it: a status and `<Error><Code>…</Code><Message>…</Message>…</Error>`. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra elements S3 adds for this error (Key, BucketName, Expires, ServerTime, …). */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = code;
  }
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

export function newRequestId(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

/** Writes the error; HEAD answers carry no body, as S3's do (the SDK then reads the status alone). */
export function sendS3Error(
  res: ServerResponse,
  error: S3Error,
  options: { requestId: string; head: boolean; resource?: string; headers?: Record<string, string> },
): void {
  const elements: Record<string, string> = {
    Code: error.code,
    Message: error.message,
    ...error.details,
    ...(options.resource ? { Resource: options.resource } : {}),
    RequestId: options.requestId,
    HostId: Buffer.from(options.requestId).toString('base64'),
  };
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${Object.entries(elements)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('')}</Error>`;
  const headers: Record<string, string | number> = {
    'x-amz-request-id': options.requestId,
    'x-amz-id-2': Buffer.from(options.requestId).toString('base64'),
    ...options.headers,
  };
  if (options.head) {
    res.writeHead(error.status, headers);
    res.end();
    return;
  }
  res.writeHead(error.status, {
    ...headers,
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(xml),
  });
  res.end(xml);
}
