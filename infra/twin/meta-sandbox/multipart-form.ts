import { GraphError } from './graph-error.js';

/**
 * `multipart/form-data` as Meta's Graph API takes it for file uploads (an ad image as
 * `-F 'filename=@photo.png'`): text parts become parameters, a file part keeps its bytes and
 * the file name it was sent with. Parsed from the raw bytes, so binary files survive intact.
 */
export interface MultipartFile {
  field: string;
  fileName: string;
  contentType?: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: MultipartFile[];
}

function badBody(message: string): GraphError {
  return new GraphError(400, { message: `(#100) ${message}`, type: 'OAuthException', code: 100 });
}

export function parseMultipart(body: Buffer, contentType: string): MultipartForm {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2]?.trim();
  if (!marker) throw badBody('The multipart body has no boundary');
  const delimiter = Buffer.from(`--${marker}`);
  const form: MultipartForm = { fields: {}, files: [] };
  let position = body.indexOf(delimiter);
  if (position === -1) throw badBody('The multipart body is malformed');
  for (;;) {
    position += delimiter.length;
    // `--` after a delimiter closes the body.
    if (body.subarray(position, position + 2).toString('latin1') === '--') break;
    if (body.subarray(position, position + 2).toString('latin1') !== '\r\n')
      throw badBody('The multipart body is malformed');
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd === -1) throw badBody('The multipart body is malformed');
    const headers = body.subarray(position + 2, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next === -1) throw badBody('The multipart body ends without its closing boundary');
    const data = body.subarray(headerEnd + 4, next);
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const field = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!field) throw badBody('A multipart part has no name');
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (fileName !== undefined) {
      const partType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
      form.files.push({ field, fileName, data, ...(partType ? { contentType: partType } : {}) });
    } else {
      form.fields[field] = data.toString('utf8');
    }
    position = next + 2;
  }
  return form;
}
