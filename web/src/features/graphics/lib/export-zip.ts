import { zipSync } from 'fflate';
import { type Design } from '@shared/graphics/design-schema';
import { exportFileName } from '@shared/graphics/export-file-names';
import { placementSizeIds } from '@shared/graphics/placement-sizes';
import { type GraphicsRenderer } from './graphics-renderer';

/**
 * Every size as PNG, zipped in the browser with the same renderer the preview uses. Stands in until the export
 * service (graphics-app) is in main; PNG bytes are already compressed, so they are stored, not deflated again.
 */
export async function exportZip(
  design: Design,
  renderer: GraphicsRenderer,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<Uint8Array> {
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  let done = 0;
  onProgress(0, placementSizeIds.length);
  for (const sizeId of placementSizeIds) {
    files[exportFileName(design.templateId, sizeId)] = [await renderer.png(design, sizeId), { level: 0 }];
    done += 1;
    onProgress(done, placementSizeIds.length);
  }
  return zipSync(files);
}

/** Hands bytes to the browser as a download. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
