/**
 * The report's PDF arrives as base64 in JSON (the HTTP API's Lambda replies are JSON): its bytes again, as a
 * Blob the browser can save.
 */
export function pdfBlob(contentBase64: string): Blob {
  const binary = atob(contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/** Saves a Blob as a file (an object URL on a temporary link, revoked once the click has been handled). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
