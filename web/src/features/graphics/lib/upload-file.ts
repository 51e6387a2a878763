import { uploadLimits, type Asset, type UploadPurpose } from '@shared/schemas/graphics';
import { apiRequest } from '@web/lib/api';

/** The types a purpose takes, in words: "PNG or SVG". */
export function acceptedTypesText(purpose: UploadPurpose): string {
  return uploadLimits[purpose].mimeTypes
    .map((type) => type.replace('image/', '').replace('+xml', '').toUpperCase())
    .join(' or ');
}

/** What the browser can tell before anything is sent (the server checks it all again from the bytes). */
export function localUploadProblem(
  purpose: UploadPurpose,
  file: { name: string; type: string; size: number },
): string | null {
  const limits = uploadLimits[purpose];
  if (!(limits.mimeTypes as readonly string[]).includes(file.type)) {
    return `${file.name}: a ${purpose} must be ${acceptedTypesText(purpose)}.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** S3 answers a refused PUT with XML (`<Code>…</Code><Message>…</Message>`): its message, in a sentence. */
function s3Refusal(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'AccessDenied' || code === 'SignatureDoesNotMatch' || status === 403) {
    return 'The upload link was refused (it may have expired): try again.';
  }
  return `The storage refused the file (${code ?? status}).`;
}

/** PUT with upload progress: fetch cannot report it, XMLHttpRequest can. */
function putWithProgress(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(s3Refusal(request.status, request.responseText)));
    request.onerror = () =>
      reject(new Error('The upload did not reach the storage: check your connection and try again.'));
    request.send(file);
  });
}

/**
 * A file into the user's graphics storage: ask for a presigned PUT (type and size checked by the server), send the
 * bytes straight to S3 with progress, then confirm (the server reads the bytes: type, dimensions, SVG safety).
 * Any refusal arrives as an Error whose message is the server's sentence, ready to show.
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<Asset> {
  const problem = localUploadProblem(purpose, file);
  if (problem) throw new Error(problem);
  const ticket = await apiRequest('graphicsStartUpload', {
    body: {
      purpose,
      fileName: file.name.slice(0, 200) || 'image',
      contentType: file.type as Asset['mimeType'],
      size: file.size,
    },
  });
  onProgress(0);
  await putWithProgress(ticket.uploadUrl, ticket.headers, file, onProgress);
  onProgress(1);
  return apiRequest('graphicsConfirmUpload', { params: { id: ticket.uploadId } });
}
