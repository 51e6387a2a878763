import { useState } from 'react';
import { type Design } from '@shared/graphics/design-schema';
import { exportFileName, exportZipName } from '@shared/graphics/export-file-names';
import { type PlacementSizeId, placementSizeIds } from '@shared/graphics/placement-sizes';
import { downloadBytes, exportZip } from '../lib/export-zip';
import { type GraphicsRenderer } from '../lib/graphics-renderer';

export type ExportState =
  | { status: 'idle' }
  | { status: 'rendering'; done: number; total: number }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; message: string };

interface ExportedDesign {
  design: Design;
  name: string;
  /** The saved version these images are, or undefined when the design has unsaved changes. */
  savedVersion: number | undefined;
}

/** PNGs drawn in the browser: the ZIP of every size, or one size, downloaded. */
export function useBrowserExport(renderer: GraphicsRenderer, { design, name, savedVersion }: ExportedDesign) {
  const [exporting, setExporting] = useState<ExportState>({ status: 'idle' });

  async function exportAllSizes() {
    setExporting({ status: 'rendering', done: 0, total: placementSizeIds.length });
    try {
      const zip = await exportZip(design, renderer, (done, total) =>
        setExporting({ status: 'rendering', done, total }),
      );
      // Named as the server names its ZIP; the version only when these are the saved version's images.
      const fileName = exportZipName(name, savedVersion);
      downloadBytes(zip, fileName, 'application/zip');
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
    }
  }

  async function downloadSize(sizeId: PlacementSizeId) {
    setExporting({ status: 'rendering', done: 0, total: 1 });
    try {
      const fileName = exportFileName(design.templateId, sizeId);
      downloadBytes(await renderer.png(design, sizeId), fileName, 'image/png');
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
    }
  }

  return { exporting, busy: exporting.status === 'rendering', exportAllSizes, downloadSize };
}
