import type { IncomingMessage } from 'node:http';
import { GraphError } from './graph-error.js';
import { parseMultipart } from './multipart-form.js';

/**
 * Graph API parameters come from the query string and, for POST/DELETE, from a
 * form-encoded or JSON body (body wins). Non-string JSON values are passed on
 * as JSON text, which is how Graph treats them (e.g. time_range, filtering).
 */

const MAX_BODY_BYTES = 1_000_000;
/**
 * An ad image upload: Meta takes images up to 30 MB, which base64 and form encoding grow by
 * about 40 %; the body of `POST /act_{id}/adimages` may be that large, any other stays small.
 */
export const MAX_IMAGE_UPLOAD_BODY_BYTES = 45_000_000;
/** The parameter a multipart file's name travels under to the adimages edge (never a Graph parameter). */
export const UPLOADED_FILE_NAME = '__uploaded_file_name';
/** The form field a multipart file came in (a video must come as `source`). */
export const UPLOADED_FILE_FIELD = '__uploaded_file_field';

export async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      throw new GraphError(413, { message: '(#100) The request body is too large', type: 'OAuthException', code: 100 });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function parseBody(raw: Buffer, contentType: string | undefined): Record<string, string> {
  const body = raw.toString('utf8');
  if (body.trim() === '') return {};
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new GraphError(400, {
        message: '(#100) The request body is not valid JSON',
        type: 'OAuthException',
        code: 100,
      });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new GraphError(400, {
        message: '(#100) The request body must be a JSON object',
        type: 'OAuthException',
        code: 100,
      });
    }
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
  }
  if (type === 'multipart/form-data') {
    // A file part is an upload (Meta's `-F 'filename=@photo.png'`): its bytes go on as `bytes`, its name beside.
    const form = parseMultipart(raw, contentType!);
    const file = form.files[0];
    return {
      ...form.fields,
      ...(file
        ? {
            bytes: file.data.toString('base64'),
            [UPLOADED_FILE_NAME]: file.fileName,
            [UPLOADED_FILE_FIELD]: file.field,
          }
        : {}),
    };
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export function queryParams(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}
